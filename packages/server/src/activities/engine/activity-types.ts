/**
 * The promotion engine's words (issue 20; docs/PROMOTIONS.md). An activity is data: its
 * kind names which module runs it, `config` holds that kind's rules (the kind module
 * validates and reads it), and every reward it pays moves through the ledger from the
 * activity's own budget account.
 */

/** Every activity kind; each is run by one module under src/activities/. */
export const ACTIVITY_KINDS = [
  'display', // pureDisplay: text and pictures only
  'discount', // preferentialActivity / discountDetails: an apply-for offer reviewed or paid at once
  'sign_in', // SignGift / signGift
  'draw_gift', // drawGift
  'raffle', // raffle: tickets and ranking
  'spin_wheel', // spin wheel
  'red_packet_rain', // redPackRain
  'new_task', // newTask: kinds 1-6 and the scratch card
  'deposit_first', // deposit-first
  'deposit_again', // deposit-again
  'month_money', // month-money
  'race', // race-page
  'breakout', // breakout
  'present', // present and gift-apply
  'luxury_gift', // /activity_api/luxury/*
  'super_gift', // /promo/v1/super_gift/*
  'promo_v2', // /promo/v2/* and VIP upgrade promotions
  'happy_send', // /promo/v1/happy_send
  'top_gift', // activityTopGift
  'invite_friend', // invite friend (issue 21; docs/AGENTS.md)
  'football_guess', // world-cup-guess, soccer lottery, euro24 quiz, champions-league, surviving (campaigns, issue 21)
  'carnival', // european-cup / euro-cup carnival (campaigns, issue 21)
  'football_shot', // football-shot penalty game (campaigns, issue 21)
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The spec's activity status (section 4): 0 NotStart, 1 Pending (in progress), 2 End. */
export const ACTIVITY_STATUS = { notStart: 0, pending: 1, end: 2 } as const;
export type ActivityStatus = (typeof ACTIVITY_STATUS)[keyof typeof ACTIVITY_STATUS];

/** The operator's side of an activity's life: written, on the site, held, closed for good. */
export const ACTIVITY_STATES = ['draft', 'published', 'paused', 'ended'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

/** Who may take part; every field optional (absent: no condition). Checked at each claim. */
export interface Eligibility {
  /** Confirmed deposits in the activity's window (or ever, when `depositsSince` is 'ever'), minor units. */
  minDepositMinor?: number;
  depositsSince?: 'window' | 'ever';
  /** Valid bets (turnover) from bet records in the activity's window, minor units. */
  minTurnoverMinor?: number;
  minVipLevel?: number;
  /** Registered at most this many days before the claim (new members). */
  registeredWithinDays?: number;
  /** Registered before the activity started. */
  registeredBeforeStart?: boolean;
  requirePhone?: boolean;
  requireRealName?: boolean;
}

/** The abuse rule of an activity: one reward per person across accounts sharing any of these. */
export const SHARED_IDENTITY_KEYS = ['device', 'phone', 'bankCard', 'paymentAccount'] as const;
export type SharedIdentityKey = (typeof SHARED_IDENTITY_KEYS)[number];

export interface Caps {
  /** The most one member may receive from the activity, minor units. */
  perMemberMinor?: number;
  /** The most one member may claim, in claims. */
  claimsPerMember?: number;
  /** The most all members together may receive (beside the budget, which is the hard stop). */
  perCampaignMinor?: number;
}

export interface Activity {
  id: number;
  siteId: number;
  kind: ActivityKind;
  title: string;
  /** Kind-specific rules, validated by the kind's module. */
  config: Record<string, unknown>;
  state: ActivityState;
  startsAt: Date;
  endsAt: Date;
  termsText: string;
  /** Grows with every change of the terms; a claim names the version it was shown. */
  termsVersion: number;
  eligibility: Eligibility;
  caps: Caps;
  /** The shared-identity keys this activity refuses a second reward over. */
  oneRewardPer: SharedIdentityKey[];
  /** What the operator funded the budget with, minor units (CNY). */
  budgetMinor: number;
  /** Where the list shows it (the spec's categories), e.g. 'deposit', 'daily', 'vip'. */
  category: string;
  sort: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The spec's status of an activity at `now`: ended when closed or past its end, not started before its start. */
export function statusAt(activity: Pick<Activity, 'state' | 'startsAt' | 'endsAt'>, now: Date): ActivityStatus {
  if (activity.state === 'ended' || now >= activity.endsAt) return ACTIVITY_STATUS.end;
  if (now < activity.startsAt) return ACTIVITY_STATUS.notStart;
  return ACTIVITY_STATUS.pending;
}

/** The wallet a reward lands in: the member's own centre money, or bonus money held apart under wagering. */
export type RewardWallet = 'centre' | 'bonus';

/**
 * The one rule of the bonus wallet (docs/BONUS-WAGERING.md): money enters it only with
 * wagering terms, through the bonus area's `grantBonus`, which records the grant that
 * later converts, expires or is forfeited. A kind without wagering terms pays the
 * member's own centre wallet; its config refuses `wallet: 'bonus'` with this text.
 */
export const CENTRE_WALLET_ONLY = "wallet must be 'centre': this kind pays the member's own money; bonus money needs wagering terms and is paid only by the discount and deposit kinds (docs/BONUS-WAGERING.md)";

/** What the operator (or a seed) writes to create an activity; the engine fills in the rest. */
export interface ActivityInput {
  kind: ActivityKind;
  title: string;
  category?: string;
  sort?: number;
  config: Record<string, unknown>;
  startsAt: Date;
  endsAt: Date;
  termsText: string;
  eligibility?: Eligibility;
  caps?: Caps;
  oneRewardPer?: SharedIdentityKey[];
  /** Funded from the house into the activity's budget account when the activity is created. */
  budgetMinor: number;
}
