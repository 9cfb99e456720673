import type { Queryable } from '../db/database.js';
import type { BetRecordPage, GameProvider, ProviderBetRecord } from '../games/game-provider.js';
import { createTransfers, ensureAccounts } from '../ledger/index.js';

/**
 * A venue feed computed from a seed, the same in every process (the crash test's worker and
 * its parent, the bench): new bets (wins, losses, voids) and late corrections of earlier
 * bets, up and down. The cursor is the last sequence served. The members' venue wallets
 * are funded in lobby's books by `fundSeededMembers` (standing in for transfers in).
 *
 * @example const feed = new SeededBetFeed({ venueCode: 'CRASHV', records: 1_200, members: 10, seed: 7 });
 */
export class SeededBetFeed implements GameProvider {
  readonly records: readonly ProviderBetRecord[];
  readonly memberIds: readonly number[];

  constructor(readonly options: { venueCode: string; records: number; members: number; seed: number; firstMemberId?: number }) {
    const first = options.firstMemberId ?? 900_001;
    this.memberIds = Array.from({ length: options.members }, (_, i) => first + i);
    let state = options.seed >>> 0 || 1;
    const random = (n: number) => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return (state >>> 8) % n;
    };
    const records: ProviderBetRecord[] = [];
    const latest: ProviderBetRecord[] = [];
    const at = new Date('2026-11-01T00:00:00Z');
    for (let sequence = 1; sequence <= options.records; sequence += 1) {
      let record: ProviderBetRecord;
      if (latest.length > 0 && random(100) < 12) {
        const index = random(latest.length);
        const before = latest[index]!;
        const payoutMinor = random(3) === 0 ? 0 : before.stakeMinor * (1 + random(4));
        record = { ...before, sequence, version: before.version + 1, payoutMinor: before.status === 'settled' ? payoutMinor : 0, result: `corrected to ${payoutMinor}` };
        latest[index] = record;
      } else {
        const stakeMinor = 100 * (1 + random(50));
        const status = random(100) < 5 ? ('void' as const) : ('settled' as const);
        const roll = random(100);
        const payoutMinor = status === 'void' || roll < 55 ? 0 : stakeMinor * (roll < 85 ? 2 : 5);
        record = {
          sequence, betId: `S${options.seed}-${sequence}`, roundId: `R${sequence}`, version: 1, venueCode: options.venueCode,
          memberId: this.memberIds[random(this.memberIds.length)]!, gameCode: 'seeded-slot', stakeMinor,
          validBetMinor: status === 'settled' ? stakeMinor : 0, payoutMinor, status, result: `paid ${payoutMinor}`, placedAt: at, settledAt: at,
        };
        latest.push(record);
      }
      records.push(record);
    }
    this.records = records;
  }

  async betRecords(venueCode: string, cursor: string | null, limit: number): Promise<BetRecordPage> {
    const from = cursor === null ? 0 : Number(cursor);
    const records = venueCode === this.options.venueCode ? this.records.slice(from, from + limit) : [];
    return { records: records.map((r) => ({ ...r })), nextCursor: String(from + records.length), more: from + records.length < this.records.length };
  }

  /**
   * What lobby's books must hold after the first `upTo` records: each member's venue wallet
   * (funding plus payouts minus stakes of each bet's newest version), the newest version of
   * each bet, and how many ledger entries posting them takes.
   */
  expected(fundingMinor: number, upTo = this.records.length) {
    const newest = new Map<string, ProviderBetRecord>();
    let entries = 0;
    for (const record of this.records.slice(0, upTo)) {
      const before = newest.get(record.betId);
      const effect = (r: ProviderBetRecord | undefined) => (r?.status === 'settled' ? [r.stakeMinor, r.payoutMinor] : [0, 0]);
      const [stakeWas, payoutWas] = effect(before);
      const [stakeNow, payoutNow] = effect(record);
      entries += Number(stakeNow !== stakeWas) + Number(payoutNow !== payoutWas);
      newest.set(record.betId, record);
    }
    const books = new Map(this.memberIds.map((id) => [id, fundingMinor]));
    for (const bet of newest.values()) {
      if (bet.status === 'settled') books.set(bet.memberId, books.get(bet.memberId)! + bet.payoutMinor - bet.stakeMinor);
    }
    return { books, versions: new Map([...newest].map(([betId, r]) => [betId, r.version])), entries };
  }

  async catalogue(): Promise<never[]> {
    return [];
  }

  async launch(): Promise<never> {
    throw new Error('the seeded feed launches no games');
  }

  async roundDetail(): Promise<undefined> {
    return undefined;
  }
}

/** Funds each member's venue wallet in lobby's books from the venue's clearing account (a transfer in, as far as the books go). */
export async function fundSeededMembers(tx: Queryable, feed: SeededBetFeed, fundingMinor: number): Promise<void> {
  const venueCode = feed.options.venueCode;
  const [clearing, ...wallets] = await ensureAccounts(tx, [
    { memberId: null, kind: `venue_clearing:${venueCode}`, currency: 'CNY' },
    ...feed.memberIds.map((memberId) => ({ memberId, kind: `venue:${venueCode}`, currency: 'CNY' as const })),
  ]);
  await createTransfers(tx, wallets.map((wallet) => ({
    debitAccountId: clearing!.id, creditAccountId: wallet.id, amountMinor: fundingMinor, currency: 'CNY' as const,
    code: 'seeded_funding', reference: `seeded-funding:${venueCode}:${wallet.memberId}`,
  })));
}
