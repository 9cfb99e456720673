// A bet-sync process for the crash test: loads the server's sources (scripts/server-sources.mjs,
// no build needed), opens the database of DATA_DIR or DATABASE_URL and pulls the seeded feed
// (SEED, RECORDS, MEMBERS, VENUE) one small page per transaction, printing
// {"lastSequence": n} after each, until the feed's end; then it waits to be killed.
import { serverModules } from '../../../../scripts/server-sources.mjs';

const { modules } = await serverModules({
  sync: '/packages/server/src/bet-sync/bet-sync-service.ts',
  feed: '/packages/server/src/bet-sync/seeded-feed.fixture.ts',
  db: '/packages/server/src/db/database.ts',
});
const env = process.env;
const db = await modules.db.openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const feed = new modules.feed.SeededBetFeed({ venueCode: env.VENUE, records: Number(env.RECORDS), members: Number(env.MEMBERS), seed: Number(env.SEED) });
for (;;) {
  const outcome = await modules.sync.syncVenueBets(db, feed, env.VENUE, { pageSize: 20, maxPages: 1 });
  process.stdout.write(`${JSON.stringify({ lastSequence: outcome.lastSequence })}\n`);
  if (outcome.reachedEnd) break;
}
setInterval(() => {}, 60_000);
