import type { ActivityInput } from '../engine/index.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * This area's seeded rain: a session every 3 minutes for 30 days from the minute the server
 * first started, each 60 s long, 50 yuan in 20 packets (at least 0.50 each), 3 grabs per
 * member, so a new user sees one open within minutes.
 */
export function seedActivities(now: Date): ActivityInput[] {
  const startsAt = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  return [{
    kind: 'red_packet_rain',
    title: '红包雨 Red-packet rain',
    category: 'daily',
    sort: 30,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * DAY_MS),
    termsText: '每3分钟一场红包雨，每场60秒，每场每位会员最多抢3个红包，红包金额直接进入中心钱包。\nA rain every 3 minutes, each lasting 60 seconds; grab up to 3 packets a session; the money goes to your centre wallet.',
    budgetMinor: 200_000_00,
    config: { everyMinutes: 3, durationSeconds: 60, sessionBudgetMinor: 50_00, packetsPerSession: 20, minPacketMinor: 50, grabsPerMember: 3, wallet: 'centre', gamePlatforms: ['STUDIO'], appdownloadType: 0 },
  }];
}
