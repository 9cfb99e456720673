import { betRecordDetail, betRecords, flowRate, transactionRecords } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import type { RouteGroup } from '../http/route-group.js';
import { betRecordOfMember, betRecordsOf } from './bet-records-repository.js';
import { recordRange } from './record-range.js';
import { roundSourceOf, verificationOf } from './round-verification.js';
import { transactionRecordsOf } from './transaction-records.js';
import { flowRateOf } from './turnover.js';

/**
 * Bet records, round verification, flow rate and transaction records (issue 18;
 * docs/BET-RECORDS.md). Read-only; every query is scoped to the calling member.
 */
export const gameRecordRoutes: RouteGroup = (app) => {
  registerCall(app, betRecords, async (ctx) => {
    const { startDate, endDate, venueCode, page = 1 } = ctx.request;
    return betRecordsOf(ctx.db, { memberId: ctx.requireMember().id, range: recordRange(startDate, endDate), venueCode, page });
  });

  registerCall(app, betRecordDetail, async (ctx) => {
    const memberId = ctx.requireMember().id;
    const record = await betRecordOfMember(ctx.db, memberId, ctx.request.id);
    if (!record) throw new BusinessError('betRecordNotFound', `id: no bet record ${ctx.request.id}`);
    const round = await verificationOf(roundSourceOf(app), record, memberId, (error) => ctx.raw.log.warn({ err: error }, 'round detail unavailable'));
    return { record, round };
  });

  registerCall(app, flowRate, async (ctx) => flowRateOf(ctx.db, ctx.requireMember().id));

  registerCall(app, transactionRecords, async (ctx) => {
    const { startDate, endDate, dealType, page = 1 } = ctx.request;
    return ctx.db.transaction((tx) =>
      transactionRecordsOf(tx, { memberId: ctx.requireMember().id, range: recordRange(startDate, endDate), dealType, page }),
    );
  });
};
