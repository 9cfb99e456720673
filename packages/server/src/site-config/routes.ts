import type { FastifyInstance } from 'fastify';
import {
  CONTROL_SWITCH, announcementContent, bankList, branchInfo, countryAreaList, countryAreaSelect, customerServicePayment, customerServiceSecretCode, depositorName,
  duplicateCheck, duplicateClean, financeCustomerService, memberFinanceAmount, venueAppList, generalControlSwitches, identityStatus, identityVerify, offlineBanks, onlineBankCardList, opsControlSwitchSet,
  opsSiteConfigSet, overseasNumberSwitch, premiumVenueJump, realtimeRebateShowConfig, sessionList, siteConfigByKeyCodes, sportConfigList, sportConfigListHq, standbyUsdt,
  standbyUsdtV2, staticDomains, unlimitedRebateTag, vipWithdrawInfo, virtualSwitchConfig, yebActivityValidation, type SportConfig,
} from '@lobby/sdk';
import { yebTaskRunning } from '../activities/gifts/index.js';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import type { CallContext } from '../http/register-call.js';
import { registerCall } from '../http/register-call.js';
import type { Brand } from '../site/brand-directory.js';
import { balancesOf } from '../ledger/index.js';
import { orderSettings } from '../orders/order-settings.js';
import { financeSettings } from '../wallet/finance-settings.js';
import { yuebaoStatusOf } from '../yuebao/yuebao-status.js';
import { BANK_CODES, configTexts, configValue, setConfigValue } from './config-keys.js';
import {
  csPaymentOf, depositorNamesOf, duplicateCheckOf, financeAmountOf, venueAppsOf, duplicateCleanOf, offlineBanksOf, onlineBankCardsOf, orderCustomerService, secretCodeOf, standbyOf, vipWithdrawInfoOf,
} from './finance-desk.js';
import { identityStatusOf, verifyIdCard } from './identity/identity-rules.js';
import { BANKS, COUNTRY_AREAS, branchesOf } from './reference-data.js';
import { controlSwitchesOf, registerSwitchGate, setControlSwitch, switchOpen } from './switches.js';

type Ctx = CallContext<unknown>;
type VenueKey = 'ty' | 'dj' | 'dz' | 'by' | 'zr' | 'cp' | 'qp';

/** The site route of each venue type (spec section 2). */
const VENUE_PATH: Record<VenueKey, (code: string) => string> = {
  ty: (code) => `/app/venuesSport/1/${code}`,
  dj: (code) => `/app/venuesSport/2/${code}`,
  dz: () => '/app/egame/1',
  by: () => '/app/fishing/1',
  zr: () => '/app/realbet',
  cp: () => '/app/lottery',
  qp: () => '/app/chess',
};

async function brandOf(app: FastifyInstance, siteId: number): Promise<Brand> {
  const brand = await app.lobby.brands.get(siteId);
  if (!brand) throw new BusinessError('invalidField', `siteId: no brand has site id ${siteId}`);
  return brand;
}

const nowOf = (ctx: Ctx) => ctx.services.providers.clock.now();

async function countryAreasOf(q: Queryable, siteId: number) {
  const codes = await configValue<(keyof typeof COUNTRY_AREAS)[]>(q, siteId, 'country_areas');
  return codes.map((code) => COUNTRY_AREAS[code]);
}

/**
 * The remaining finance and site calls of spec section 7, the general control switches
 * (and their gate over every switched call) and identity authentication (issue 21;
 * docs/SITE-CONFIG.md).
 */
export function siteConfigRoutes(app: FastifyInstance): void {
  registerSwitchGate(app);
  const maintenanceOf = async (code: string) => (app.hasDecorator('venueProvider') ? app.venueProvider.inMaintenance(code) : false);

  // Control switches and stored config.
  registerCall(app, generalControlSwitches, async (ctx) => ({ list: await controlSwitchesOf(ctx.db, ctx.siteId) }));
  registerCall(app, opsControlSwitchSet, async (ctx) => {
    const { siteId, switchType, open } = ctx.request;
    await brandOf(app, siteId);
    await setControlSwitch(ctx.db, siteId, switchType, open);
    return (await controlSwitchesOf(ctx.db, siteId)).find((entry) => entry.switchType === switchType)!;
  });
  registerCall(app, opsSiteConfigSet, async (ctx) => {
    const { siteId, keyCode, value } = ctx.request;
    await brandOf(app, siteId);
    return { keyCode, value: await setConfigValue(ctx.db, siteId, keyCode, value) };
  });
  registerCall(app, siteConfigByKeyCodes, async (ctx) => {
    const keys = [...new Set(ctx.request.keyCodes)];
    const values = await configTexts(ctx.db, ctx.siteId, keys, true);
    return { list: keys.map((keyCode) => ({ keyCode, value: values.get(keyCode)! })) };
  });

  // Site calls.
  registerCall(app, staticDomains, async (ctx) => {
    if (ctx.request.category !== 0) throw new BusinessError('invalidField', 'category: only 0 (static resources) has domains');
    const stored = await configValue<Record<string, string[]>>(ctx.db, ctx.siteId, 'static_domains');
    const own = (await brandOf(app, ctx.siteId)).config.domainUrls;
    const types = [...new Set(ctx.request.typeList.split(',').map(Number))];
    return { list: types.map((type) => ({ type, domains: stored[String(type)] ?? own })) };
  });
  registerCall(app, sessionList, async (ctx) => {
    const member = ctx.requireMember();
    const { rows } = await ctx.db.query<{ id: number; device_id: string; created_at: Date; expires_at: Date }>(
      'SELECT id, device_id, created_at, expires_at FROM sessions WHERE member_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY id DESC LIMIT 50',
      [member.id, new Date(nowOf(ctx))],
    );
    return {
      list: rows.map((row) => ({
        id: Number(row.id), device: row.device_id.length > 8 ? `${row.device_id.slice(0, 4)}****${row.device_id.slice(-4)}` : '****',
        createdAt: new Date(row.created_at).toISOString(), expiresAt: new Date(row.expires_at).toISOString(), current: Number(row.id) === member.sessionId,
      })),
    };
  });
  registerCall(app, realtimeRebateShowConfig, async (ctx) => configValue(ctx.db, ctx.siteId, 'realtime_rebate_show'));
  registerCall(app, unlimitedRebateTag, async (ctx) => configValue(ctx.db, ctx.siteId, 'unlimited_rebate_tag'));
  registerCall(app, yebActivityValidation, async (ctx) => {
    const member = ctx.requireMember();
    const running = await yebTaskRunning(ctx.db, ctx.siteId, new Date(nowOf(ctx)));
    const { rows } = await ctx.db.query<{ status: number }>('SELECT status FROM members WHERE id = $1', [member.id]);
    const reason = rows[0]?.status !== 1 ? 'memberDisabled' : (await yuebaoStatusOf(ctx.db, ctx.siteId)) === 0 ? 'yuebaoClosed' : running ? 'ok' : 'noTask';
    return { valid: reason === 'ok', reason, yebTaskStatus: running ? 1 : 0 } as const;
  });
  const sportConfigs = async (ctx: Ctx): Promise<SportConfig[]> => {
    const brand = await brandOf(app, ctx.siteId);
    const hq = new Set(await configValue<string[]>(ctx.db, ctx.siteId, 'sport_hq_venues'));
    return Promise.all(
      brand.config.venues.ty.map(async (venue, index) => ({
        code: venue.code, zhName: venue.zhName, enName: venue.enName, sort: index + 1, maintenance: await maintenanceOf(venue.code), hq: hq.has(venue.code), path: VENUE_PATH.ty(venue.code),
      })),
    );
  };
  registerCall(app, sportConfigList, async (ctx) => ({ list: await sportConfigs(ctx) }));
  registerCall(app, sportConfigListHq, async (ctx) => ({ list: (await sportConfigs(ctx)).filter((venue) => venue.hq) }));
  registerCall(app, countryAreaList, async (ctx) => ({ list: await countryAreasOf(ctx.db, ctx.siteId) }));
  registerCall(app, premiumVenueJump, async (ctx) => {
    const brand = await brandOf(app, ctx.siteId);
    const premium = await configValue<string[]>(ctx.db, ctx.siteId, 'premium_venues');
    for (const [key, venues] of Object.entries(brand.config.venues) as [VenueKey, (typeof brand.config.venues)['ty']][]) {
      const venue = venues.find((entry) => entry.code === ctx.request.venueCode);
      if (!venue) continue;
      const isPremium = premium.length > 0 ? premium.includes(venue.code) : venue.venueKind === 1;
      if (!isPremium) break;
      return { venueCode: venue.code, gameType: venue.gameType, path: VENUE_PATH[key](venue.code), maintenance: await maintenanceOf(venue.code), needLogin: true };
    }
    throw new BusinessError('premiumVenueNotFound', `venueCode: ${ctx.request.venueCode} is not a premium venue of this site`);
  });

  // Identity.
  registerCall(app, identityStatus, async (ctx) => identityStatusOf(ctx.db, ctx.siteId, ctx.requireMember().id, new Date(nowOf(ctx))));
  registerCall(app, identityVerify, async (ctx) => {
    const member = ctx.requireMember();
    // Not in one transaction: a mismatch's count must stay although the call is refused.
    await verifyIdCard(ctx.db, member.id, ctx.request.realName, ctx.request.idCardNo, new Date(nowOf(ctx)));
    return identityStatusOf(ctx.db, ctx.siteId, member.id, new Date(nowOf(ctx)));
  });

  // Finance calls.
  registerCall(app, standbyUsdt, async (ctx) => {
    ctx.requireMember();
    const standby = await standbyOf(ctx.db, ctx.siteId);
    return { open: standby.open, address: standby.list[0] ?? null };
  });
  registerCall(app, standbyUsdtV2, async (ctx) => {
    ctx.requireMember();
    return standbyOf(ctx.db, ctx.siteId);
  });
  registerCall(app, duplicateCheck, async (ctx) => duplicateCheckOf(ctx.db, ctx.requireMember().id, ctx.request.scene, nowOf(ctx)));
  registerCall(app, duplicateClean, async (ctx) => duplicateCleanOf(ctx.db, ctx.requireMember().id, ctx.request.scene, nowOf(ctx)));
  registerCall(app, depositorName, async (ctx) => depositorNamesOf(ctx.db, ctx.requireMember().id));
  registerCall(app, onlineBankCardList, async (ctx) => ({ list: await onlineBankCardsOf(ctx.db, ctx.requireMember().id) }));
  registerCall(app, announcementContent, async (ctx) => {
    if (ctx.request.category !== 3) throw new BusinessError('invalidField', 'category: only 3 (finance announcements) is served here');
    const list = await configValue<{ title: { zh: string; en: string }; content: { zh: string; en: string } }[]>(ctx.db, ctx.siteId, 'finance_announcements');
    return { list: list.map((entry, index) => ({ id: index + 1, ...entry })) };
  });
  registerCall(app, customerServicePayment, async (ctx) => {
    ctx.requireMember();
    return csPaymentOf(ctx.db, ctx.siteId);
  });
  registerCall(app, customerServiceSecretCode, async (ctx) => secretCodeOf(ctx.db, ctx.requireMember().id, nowOf(ctx)));
  registerCall(app, financeCustomerService, async (ctx) => orderCustomerService(ctx.db, await brandOf(app, ctx.siteId), ctx.requireMember().id, ctx.request.billNo, nowOf(ctx)));
  registerCall(app, countryAreaSelect, async (ctx) => ({ defaultDialCode: '+86', list: await countryAreasOf(ctx.db, ctx.siteId) }));
  registerCall(app, overseasNumberSwitch, async (ctx) => ({ keyCode: ctx.request.keyCode, open: (await configValue<string>(ctx.db, ctx.siteId, ctx.request.keyCode)) === '1' }));
  registerCall(app, virtualSwitchConfig, async (ctx) => {
    const open = await switchOpen(ctx.db, ctx.siteId, CONTROL_SWITCH.virtualCurrency);
    return { open, usdtDeposit: open, usdtWithdraw: open && orderSettings(ctx.siteId).supportUsdt, protocols: open ? ['TRC20', 'ERC20'] : [] };
  });
  registerCall(app, offlineBanks, async (ctx) => {
    ctx.requireMember();
    return { list: await offlineBanksOf(ctx.db, ctx.siteId) };
  });
  registerCall(app, bankList, async () => ({ list: BANK_CODES.map((bankCode) => ({ bankCode, name: { zh: BANKS[bankCode].zh, en: BANKS[bankCode].en }, onlineBanking: BANKS[bankCode].onlineBanking })) }));
  registerCall(app, branchInfo, async (ctx) => {
    const code = BANK_CODES.find((entry) => entry === ctx.request.bankCode);
    if (!code) throw new BusinessError('bankNotFound', `bankCode: no bank ${ctx.request.bankCode}`);
    return { list: branchesOf(code, ctx.request.city) };
  });
  registerCall(app, venueAppList, async (ctx) => ({ list: await venueAppsOf(ctx.db, await brandOf(app, ctx.siteId), maintenanceOf) }));
  registerCall(app, memberFinanceAmount, async (ctx) => {
    const member = ctx.requireMember();
    return financeAmountOf(await balancesOf(ctx.db, member.id), await app.lobby.brands.get(member.siteId), financeSettings(member.siteId).baseRateE5);
  });
  registerCall(app, vipWithdrawInfo, async (ctx) => vipWithdrawInfoOf(ctx.db, ctx.siteId, ctx.requireMember().id, nowOf(ctx)));
}
