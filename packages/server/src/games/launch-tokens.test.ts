import { describe, expect, it } from 'vitest';
import { testEngines } from '../testing/databases.js';
import { databaseSuite } from '../testing/server-suite.js';
import { newMemberSession } from '../testing/members.js';
import { LAUNCH_TOKEN_TTL_MS, mintLaunchToken, purgeLaunchTokens, redeemLaunchToken } from './launch-tokens.js';

describe.each(testEngines())('launch tokens on %s', (engine) => {
  const suite = databaseSuite(engine, { demoData: true });
  const at = new Date('2026-05-01T10:00:00Z');
  let seq = 0;
  const member = async () => (await newMemberSession(suite.db, `lt${process.pid % 1000}m${(seq += 1)}`)).memberId;

  it('redeems once, bound to its member, venue, game and currency; stores only a hash', async () => {
    const memberId = await member();
    const { token, expiresAt } = await mintLaunchToken(suite.db, { memberId, venueCode: 'LBSLOTS', gameCode: 'g1', currency: 'CNY' }, at);
    expect(expiresAt.getTime() - at.getTime()).toBe(LAUNCH_TOKEN_TTL_MS);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await suite.db.query('SELECT 1 FROM game_launch_tokens WHERE token_hash = $1', [token]);
    expect(stored.rowCount).toBe(0);
    const first = await redeemLaunchToken(suite.db, token, new Date(at.getTime() + 1000));
    expect(first).toEqual({ ok: true, memberId, venueCode: 'LBSLOTS', gameCode: 'g1', currency: 'CNY' });
    expect(await redeemLaunchToken(suite.db, token, new Date(at.getTime() + 2000))).toEqual({ ok: false, reason: 'used' });
  });

  it('expires after 120 s and a wrong token is unknown', async () => {
    const memberId = await member();
    const { token } = await mintLaunchToken(suite.db, { memberId, venueCode: 'LBSLOTS', gameCode: 'g1', currency: 'CNY' }, at);
    expect(await redeemLaunchToken(suite.db, token, new Date(at.getTime() + LAUNCH_TOKEN_TTL_MS))).toEqual({ ok: false, reason: 'expired' });
    expect(await redeemLaunchToken(suite.db, `${token}x`, at)).toEqual({ ok: false, reason: 'unknown' });
    expect(await redeemLaunchToken(suite.db, '', at)).toEqual({ ok: false, reason: 'unknown' });
    expect(await purgeLaunchTokens(suite.db, new Date(at.getTime() + LAUNCH_TOKEN_TTL_MS + 1))).toBeGreaterThan(0);
    expect(await redeemLaunchToken(suite.db, token, at)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('two concurrent redeems of one token: one succeeds', async () => {
    const memberId = await member();
    const { token } = await mintLaunchToken(suite.db, { memberId, venueCode: 'YBHX', gameCode: 'fish', currency: 'CNY' }, at);
    const results = await Promise.all([1, 2, 3].map(() => redeemLaunchToken(suite.db, token, at)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});
