import type { FastifyInstance } from 'fastify';
import { opsAudit } from '@lobby/sdk';
import { registerCall } from '../http/register-call.js';
import { auditLedger } from '../ledger/index.js';
import { auditVenueBooks, type VenueAuditOptions } from '../venues/index.js';
import { ledgerChecks, venueChecks } from './audit-report.js';

/**
 * The operator's audit (`opsAudit`, `npm run ops -- audit`): the ledger's invariants and
 * the venues' books, each check saying what it checked and what it found. Reads only,
 * except that it pulls the venues' bet records first (bet sync posts what they settled).
 */
export function auditRoutes(app: FastifyInstance): void {
  registerCall(app, opsAudit, async (ctx) => {
    const now = ctx.services.providers.clock.now();
    const checks = [...ledgerChecks(await auditLedger(ctx.db)), ...venueChecks(await auditVenueBooks(ctx.db, app.venueProvider, now, venueAuditOptions(app)))];
    return { sound: checks.every((one) => one.sound), checkedAt: new Date(now).toISOString(), checks };
  });
}

/**
 * Bet sync first, when the app has it: the books then hold every bet the venues settled;
 * and the stakes of rounds still open at a venue, when the game provider reports them.
 */
function venueAuditOptions(app: FastifyInstance): VenueAuditOptions {
  const options: VenueAuditOptions = {};
  if (app.hasDecorator('betSync')) options.syncFirst = (codes) => app.betSync.syncVenues(codes);
  const provider = (app as unknown as { gameProvider?: Pick<VenueAuditOptions, 'openStakesMinor'> }).gameProvider;
  const openStakes = provider?.openStakesMinor;
  if (openStakes) options.openStakesMinor = (venueCode, memberId) => openStakes.call(provider, venueCode, memberId);
  return options;
}
