import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTROL_SWITCH, CONTROL_SWITCH_NAMES, HEADER, allCalls, type ControlSwitch, type ControlSwitchType } from '@lobby/sdk';
import { chatOpen, setChatOpen } from '../chat/room-repository.js';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { liveSwitches, setLiveSwitch } from '../live/live-repository.js';

/**
 * The general control switches 1 to 6 (docs/SITE-CONFIG.md "Control switches"). Each
 * switch has one home: 2 (chat room) is the chat service's site switch (chat_switches),
 * 3 (anchor) and 4 (sports) the live switches (live_switches), 1, 5 and 6 are
 * `site_control_switches`. A switch without a row is on.
 */
export async function controlSwitchesOf(q: Queryable, siteId: number): Promise<ControlSwitch[]> {
  const [{ rows }, chat, live] = await Promise.all([
    q.query<{ switch_type: number; open: boolean }>('SELECT switch_type, open FROM site_control_switches WHERE site_id = $1', [siteId]),
    chatOpen(q, siteId),
    liveSwitches(q, siteId),
  ]);
  const own = new Map(rows.map((row) => [Number(row.switch_type), row.open]));
  const openOf: Record<ControlSwitchType, boolean> = {
    1: own.get(1) ?? true,
    2: chat,
    3: live.anchorOpen,
    4: live.sportsOpen,
    5: own.get(5) ?? true,
    6: own.get(6) ?? true,
  };
  return ([1, 2, 3, 4, 5, 6] as const).map((switchType) => ({ switchType, name: CONTROL_SWITCH_NAMES[switchType - 1]!, open: openOf[switchType] }));
}

/** Whether one switch of the brand is on. */
export async function switchOpen(q: Queryable, siteId: number, switchType: ControlSwitchType): Promise<boolean> {
  if (switchType === CONTROL_SWITCH.chatRoom) return chatOpen(q, siteId);
  if (switchType === CONTROL_SWITCH.anchor) return (await liveSwitches(q, siteId)).anchorOpen;
  if (switchType === CONTROL_SWITCH.sports) return (await liveSwitches(q, siteId)).sportsOpen;
  const { rows } = await q.query<{ open: boolean }>('SELECT open FROM site_control_switches WHERE site_id = $1 AND switch_type = $2', [siteId, switchType]);
  return rows[0]?.open ?? true;
}

/** Turns one switch of a brand on or off, in its home table. */
export async function setControlSwitch(q: Queryable, siteId: number, switchType: ControlSwitchType, open: boolean): Promise<void> {
  if (switchType === CONTROL_SWITCH.chatRoom) return setChatOpen(q, siteId, open);
  if (switchType === CONTROL_SWITCH.anchor || switchType === CONTROL_SWITCH.sports) return setLiveSwitch(q, siteId, switchType, open);
  await q.query(
    `INSERT INTO site_control_switches (site_id, switch_type, open) VALUES ($1, $2, $3)
     ON CONFLICT (site_id, switch_type) DO UPDATE SET open = EXCLUDED.open, updated_at = now()`,
    [siteId, switchType, open],
  );
}

/**
 * The calls each switch turns off (by contract name). Switch 2's calls are the chat
 * service's: it refuses a send with its own chatClosed while the switch is off, and reports
 * the switch in chatBaseParams, so they are not listed here. Reads of what a member already
 * has stay open while a feature is off (bet records, coin and USDT balances, the bound
 * addresses, USDT to yuan), so no money is stuck behind a switch.
 */
export const SWITCHED_CALLS: Readonly<Record<string, ControlSwitchType>> = {
  newsSoccerNews: 1,
  newsArticleDetail: 1,
  newsSoccerExperts: 1,
  newsSoccerMatches: 1,
  popularLiveList: 3,
  popularLiveTop: 3,
  anchorRoomDetail: 3,
  giftConfigList: 3,
  giftRewardSend: 3,
  giftRank: 3,
  checkBuyCoinPermission: 3,
  buyCoin: 3,
  sportsBetPlace: 4,
  sportsCashOutQuote: 4,
  sportsCashOut: 4,
  sportsPushLogin: 4,
  virtualCurrencyInsert: 6,
  usdtDepositMerchants: 6,
  usdtDepositAddress: 6,
  usdtDepositPay: 6,
  usdtWithdraw: 6,
  rmbToUsdt: 6,
  standbyUsdt: 6,
  standbyUsdtV2: 6,
  // The football campaigns (world cup, euro carnival, football shot; docs/CAMPAIGNS.md): taking part is
  // refused; the reads of a member's own guesses, applications and kicks stay open.
  campaignGuessPlace: 5,
  campaignCarnivalApplyCheck: 5,
  campaignCarnivalApply: 5,
  campaignCarnivalVote: 5,
  campaignShotStart: 5,
  campaignShotKick: 5,
  campaignShotDemoStart: 5,
  campaignShotDemoKick: 5,
};

/** The switch a call depends on, if any. */
export function switchOfCall(name: string): ControlSwitchType | undefined {
  return SWITCHED_CALLS[name];
}

const FEATURE_NAMES: Record<ControlSwitchType, string> = { 1: 'football intelligence', 2: 'the chat room', 3: 'the anchor rooms', 4: 'sports', 5: 'the world cup', 6: 'virtual currency' };

/**
 * Refuses a call whose feature the brand switched off (featureSwitchedOff, with the switch
 * in data), before its handler runs: nothing it would do happens. The brand is the request's
 * x-site-id; a malformed one is left to the call's own check.
 */
export function registerSwitchGate(app: FastifyInstance): void {
  const byName = new Map<string, ControlSwitchType>();
  for (const call of allCalls) {
    const switchType = switchOfCall(call.name);
    if (switchType !== undefined) byName.set(call.name, switchType);
  }
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const name = (request.routeOptions.config as { callName?: string } | undefined)?.callName;
    const switchType = name === undefined ? undefined : byName.get(name);
    if (switchType === undefined) return;
    const siteText = request.headers[HEADER.siteId];
    if (typeof siteText !== 'string' || !/^\d{1,9}$/.test(siteText)) return;
    if (!(await switchOpen(app.lobby.db, Number(siteText), switchType))) {
      throw new BusinessError('featureSwitchedOff', `${FEATURE_NAMES[switchType]} is switched off on this site (general control switch ${switchType})`, { switchType });
    }
  });
}
