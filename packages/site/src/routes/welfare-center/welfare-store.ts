import { map } from 'nanostores';
import {
  ApiError, bankNotice, buffCardList, fanShuiClaim, fanShuiInfo, memberCredit, welfareCenter, type ApiClient, type CallResponse,
  type MemberCreditCheck,
} from '@lobby/sdk';
import { IDENTITY_ROUTE } from '../../modules/identity-codes.js';
import { createMoneyAction } from '../../modules/money-action.js';
import { refusalOf, type Refusal } from '../../modules/refusal.js';
import { walletActions } from '../../modules/wallet-refresh.js';

export type WelfareList = CallResponse<typeof welfareCenter>;
export type FanShuiInfo = CallResponse<typeof fanShuiInfo>;
export type FanShuiClaimed = CallResponse<typeof fanShuiClaim>;
export type BuffCard = CallResponse<typeof buffCardList>['cards'][number];
export type MemberCredit = CallResponse<typeof memberCredit>;
export type BankNotice = CallResponse<typeof bankNotice>['notices'][number];

/** One panel's answer: still loading, read, or refused (with the code and catalogue message). */
export type Part<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'refused'; refusal: Refusal };

export interface WelfareState {
  welfare: Part<WelfareList>;
  fanShui: Part<FanShuiInfo>;
  buffCards: Part<BuffCard[]>;
  credit: Part<MemberCredit>;
  bankNotices: Part<BankNotice[]>;
  /** A fan shui claim is on its way. */
  claiming: boolean;
  /** The last claim's answer: what was paid and the centre wallet after it. */
  claimed: FanShuiClaimed | null;
  claimRefusal: Refusal | null;
}

const DAY_MS = 86_400_000;
const LOADING = { state: 'loading' } as const;

/**
 * Where a member makes each member-credit check pass: phone and real name on the user-info
 * page, a bank card on the banks page, a deposit on the deposit page. Account age needs
 * only time (null).
 */
export const CREDIT_FIX_ROUTES: Readonly<Record<MemberCreditCheck, string | null>> = {
  phone: IDENTITY_ROUTE.userInfo,
  realName: IDENTITY_ROUTE.userInfo,
  bankCard: IDENTITY_ROUTE.banks,
  deposit: '/app/myCenter/deposit',
  accountAge: null,
};

/**
 * The fan shui rate paid now, in basis points: the base rate plus an active buff card's.
 *
 * @example totalRebateBasisPoints({ rateBasisPoints: 50, buffBasisPoints: 20 }) // 70
 */
export function totalRebateBasisPoints(info: Pick<FanShuiInfo, 'rateBasisPoints' | 'buffBasisPoints'>): number {
  return info.rateBasisPoints + info.buffBasisPoints;
}

/**
 * Whole days a buff card still runs (a started day counts), 0 once it has run out or the
 * server no longer counts it active.
 *
 * @example daysLeftOf({ active: true, expiresAt: '2026-12-08T00:00:00Z' }, Date.parse('2026-12-01T12:00:00Z')) // 7
 */
export function daysLeftOf(card: Pick<BuffCard, 'active' | 'expiresAt'>, nowMs: number): number {
  if (!card.active) return 0;
  return Math.max(1, Math.ceil((Date.parse(card.expiresAt) - nowMs) / DAY_MS));
}

/** Whether the claim button may send: fan shui of at least a fen is waiting and no claim is on its way. */
export function canClaimFanShui(state: Pick<WelfareState, 'fanShui' | 'claiming'>): boolean {
  return !state.claiming && state.fanShui.state === 'ready' && state.fanShui.data.pendingAmount > 0;
}

const settle = <T>(read: Promise<T>): Promise<Part<T>> =>
  read.then(
    (data): Part<T> => ({ state: 'ready', data }),
    (failure: unknown): Part<T> => ({ state: 'refused', refusal: refusalOf(failure) }),
  );

/**
 * The welfare centre page's state and actions (docs/GIFTS.md "Pages"): what the member may
 * take now, the fan shui waiting and its claim, buff cards, member credit and bank notice.
 * A claim is one request with one idempotency key however often it is asked for while it
 * runs (a double click); a claim that got no answer is retried with the same key. After any
 * answer the wallet (`afterClaim`, by default the site's wallet reload) and the panels are
 * read again.
 *
 * @example const store = createWelfareStore(client); await store.load(); await store.claim();
 */
export function createWelfareStore(client: ApiClient, afterClaim: () => Promise<void> = () => walletActions(client).afterMove()) {
  const $welfare = map<WelfareState>({
    welfare: LOADING, fanShui: LOADING, buffCards: LOADING, credit: LOADING, bankNotices: LOADING, claiming: false, claimed: null, claimRefusal: null,
  });
  const claimAction = createMoneyAction();
  let loads = 0;
  let claiming: Promise<void> | null = null;

  /** Reads every panel; an older read that answers after a newer one is dropped. */
  async function load(): Promise<void> {
    const round = (loads += 1);
    const [welfare, fanShui, buffCards, credit, bankNotices] = await Promise.all([
      settle(client.call(welfareCenter, {})),
      settle(client.call(fanShuiInfo, {})),
      settle(client.call(buffCardList, {}).then((answer) => answer.cards)),
      settle(client.call(memberCredit, {})),
      settle(client.call(bankNotice, {}).then((answer) => answer.notices)),
    ]);
    if (round === loads) $welfare.set({ ...$welfare.get(), welfare, fanShui, buffCards, credit, bankNotices });
  }

  async function claimOnce(): Promise<void> {
    $welfare.set({ ...$welfare.get(), claiming: true, claimed: null, claimRefusal: null });
    let answered = true;
    try {
      const claimed = await claimAction.run({}, (idempotencyKey) => client.call(fanShuiClaim, {}, { idempotencyKey }));
      $welfare.setKey('claimed', claimed);
    } catch (failure) {
      answered = failure instanceof ApiError && failure.status !== 0;
      $welfare.setKey('claimRefusal', refusalOf(failure));
    } finally {
      $welfare.setKey('claiming', false);
    }
    if (answered) await Promise.all([afterClaim().catch(() => undefined), load()]);
  }

  /** Claims the fan shui waiting; a call while a claim runs joins it. */
  function claim(): Promise<void> {
    claiming ??= claimOnce().finally(() => {
      claiming = null;
    });
    return claiming;
  }

  return { $welfare, load, claim };
}

export type WelfareStore = ReturnType<typeof createWelfareStore>;
