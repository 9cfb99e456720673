import { md5Hex } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { hashPassword } from '../members/password.js';
import { insertMember } from '../members/member-repository.js';
import { DEMO_OPENING_BALANCE_MINOR } from '../ledger/index.js';
import { SEED_BRANDS, SEED_MEMBERS, SEED_MESSAGES } from './seed-data.js';
import { seedOperator } from './seed-operator.js';
import { seedSandboxDeposit } from './seed-sandbox-deposit.js';
import { seedContent } from './seed-content.js';
import { seedChat } from './seed-chat.js';
import { seedDownload } from './seed-download.js';
import { seedFloatWindows } from './seed-float-windows.js';
import { seedPartnerOrigins } from './seed-partner-origins.js';
import { seedNews } from '../news/seed-news.js';
import { seedStaticInfo } from '../static-info/seed-static-info.js';
import { seedPromotions } from '../activities/engine/seed-runner.js';

export interface SeedOptions {
  /** The demo members' password in clear text (LOBBY_DEMO_PASSWORD). */
  demoPassword: string;
}

/**
 * Seeds the demo brands, members and messages into an empty database (no sites yet);
 * a database with any site is left alone, so seeding twice changes nothing, except that
 * the seeded promotion activities an area added since are made (once each). Inserts
 * skip rows that exist, so two instances starting together cannot double anything.
 *
 * @example const seeded = await seedDemoData(db, { demoPassword: 'demo1234' }); // true the first time
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sites');
  if (rows[0]!.n > 0) {
    await seedDemoActivities(db);
    return false;
  }
  const passwordHash = await hashPassword(md5Hex(options.demoPassword));
  await db.transaction(async (tx) => {
    for (const { config, phoneRules } of SEED_BRANDS) {
      await tx.query('INSERT INTO sites (site_id, brand, config, phone_rules) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        config.siteId,
        config.brand,
        JSON.stringify(config),
        JSON.stringify(phoneRules),
      ]);
    }
    await seedOperator(tx);
    await seedContent(tx);
    await seedChat(tx);
    await seedDownload(tx);
    await seedFloatWindows(tx);
    await seedPartnerOrigins(tx);
    await seedNews(tx);
    await seedStaticInfo(tx);
    for (const member of SEED_MEMBERS) {
      const id = await insertMember(tx, { ...member, passwordHash });
      if (id === null || member.name !== 'demo') continue;
      await seedSandboxDeposit(db, tx, id, member.siteId, DEMO_OPENING_BALANCE_MINOR);
      for (const message of SEED_MESSAGES) {
        await tx.query('INSERT INTO member_messages (member_id, type, title, content, is_read) VALUES ($1, $2, $3, $4, $5)', [
          id,
          message.type,
          message.title,
          message.content,
          message.isRead,
        ]);
      }
    }
  });
  await seedDemoActivities(db);
  return true;
}

/**
 * One living activity of every kind for every brand (activities/engine/seed-runner.ts), on
 * every start: each is made once, so a restart adds only what an area seeds anew.
 */
async function seedDemoActivities(db: Database): Promise<void> {
  const report = await seedPromotions(db, new Date());
  for (const line of report.refused) console.warn(`lobby: seeded activity skipped: ${line}`);
}
