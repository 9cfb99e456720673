import { describe, expect, it } from 'vitest';
import { CODE, HEADER, buyCoin, chatPushHistoryAnonymous, coinWalletBalance, giftConfigList, giftRank, giftRewardSend } from '@lobby/sdk';
import { findRoom, homeRoomId, saveSetup } from '../chat/room-repository.js';
import { auditLedger } from '../ledger/index.js';
import { newKey, signedInject } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

describe.each(testEngines())('anchor gift routes on %s', (engine) => {
  const suite = serverSuite(engine);

  /** A member with `coins` in the coin wallet, bought through the buyCoin call (10 coins a yuan). */
  const memberWithCoins = async (coins: number) => {
    const member = await suite.memberWithBalance(coins * 10);
    if (coins > 0) expect((await suite.callWithKey(buyCoin, { money: coins / 10 }, member.token)).body.code).toBe(0);
    return member;
  };
  const coinsOf = async (token: string) => (await suite.call(coinWalletBalance, {}, { token })).body.data.coinWalletBalance;
  const anchorCoins = async (anchorId: number) => {
    const { rows } = await suite.db.query<{ balance_minor: number | string }>(
      `SELECT balance_minor FROM ledger_accounts WHERE member_id IS NULL AND kind = $1 AND currency = 'COIN'`, [`anchor:${anchorId}`]);
    return rows[0] ? Number(rows[0].balance_minor) : 0;
  };

  it('lists the gifts with their price in coins, to visitors too', async () => {
    const { status, body } = await suite.call(giftConfigList, {});
    expect(status).toBe(200);
    expect(body.data.list.map((gift) => [gift.giftId, gift.giftName, gift.coins])).toEqual([[1, 'Rose', 10], [2, 'Heart', 52], [3, 'Trophy', 188], [4, 'Rocket', 1314]]);
  });

  it('moves the gifts price from the coin wallet to the anchor through the ledger, once per key', async () => {
    const { token } = await memberWithCoins(100);
    const before = await anchorCoins(101);
    const first = await suite.callWithKey(giftRewardSend, { anchorId: 101, giftId: 2, count: 1 }, token, 'send-once');
    expect(first.body.data).toMatchObject({ anchorId: 101, giftId: 2, count: 1, coins: 52, coinWalletBalance: 48 });
    const replay = await suite.callWithKey(giftRewardSend, { anchorId: 101, giftId: 2, count: 1 }, token, 'send-once');
    expect(replay.body).toEqual(first.body);
    expect(await coinsOf(token)).toBe(48);
    expect(await anchorCoins(101)).toBe(before + 52);
    const other = await suite.callWithKey(giftRewardSend, { anchorId: 101, giftId: 1, count: 1 }, token, 'send-once');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe(CODE.idempotencyKeyReused);
    expect(await auditLedger(suite.db)).toMatchObject({ ok: true });
  });

  it('refuses a send the coin wallet cannot pay with exceedsBalance, and an unknown anchor or gift, moving nothing', async () => {
    const { token } = await memberWithCoins(50);
    const before = await anchorCoins(102);
    expect((await suite.callWithKey(giftRewardSend, { anchorId: 102, giftId: 1, count: 6 }, token)).body.code).toBe(CODE.exceedsBalance);
    expect((await suite.callWithKey(giftRewardSend, { anchorId: 999, giftId: 1, count: 1 }, token)).body.code).toBe(CODE.anchorNotFound);
    expect((await suite.callWithKey(giftRewardSend, { anchorId: 201, giftId: 1, count: 1 }, token)).body.code).toBe(CODE.anchorNotFound);
    expect((await suite.callWithKey(giftRewardSend, { anchorId: 102, giftId: 99, count: 1 }, token)).body.code).toBe(CODE.giftNotFound);
    expect(await coinsOf(token)).toBe(50);
    expect(await anchorCoins(102)).toBe(before);
    expect((await suite.callWithKey(giftRewardSend, { anchorId: 102, giftId: 1, count: 5 }, token)).body.data.coinWalletBalance).toBe(0);
  });

  it('answers hostile input with 400 and no key with idempotencyKeyMissing, never 500, moving nothing', async () => {
    const { token } = await memberWithCoins(30);
    const bodies = ['{"anchorId":101,"giftId":1,"count":0}', '{"anchorId":101,"giftId":1,"count":1.5}', '{"anchorId":"101","giftId":1,"count":1}',
      '{"anchorId":101,"giftId":1,"count":10000}', '{"anchorId":-1,"giftId":1,"count":1}', '{"anchorId":101,"giftId":1}', '{"anchorId":101,"giftId":1,"count":1,"x":1}', 'not json'];
    for (const body of bodies) {
      const answer = await signedInject(suite.app, { call: giftRewardSend, body, token, headers: { [HEADER.idempotencyKey]: newKey() } });
      expect(answer.statusCode).toBe(400);
    }
    const noKey = await suite.call(giftRewardSend, { anchorId: 101, giftId: 1, count: 1 }, { token });
    expect([noKey.status, noKey.body.code]).toEqual([400, CODE.idempotencyKeyMissing]);
    expect((await suite.call(giftRewardSend, { anchorId: 101, giftId: 1, count: 1 }, { headers: { 'x-idempotency-key': 'visitor-1' } })).status).toBe(401);
    expect(await coinsOf(token)).toBe(30);
  });

  it("ranks an anchor's senders by coins sent, names masked, limited, and refuses an unknown anchor", async () => {
    const big = await memberWithCoins(2_000);
    const small = await memberWithCoins(100);
    const tie = await memberWithCoins(100);
    await suite.callWithKey(giftRewardSend, { anchorId: 103, giftId: 1, count: 3 }, small.token);
    await suite.callWithKey(giftRewardSend, { anchorId: 103, giftId: 4, count: 1 }, big.token);
    await suite.callWithKey(giftRewardSend, { anchorId: 103, giftId: 1, count: 3 }, tie.token);
    await suite.callWithKey(giftRewardSend, { anchorId: 103, giftId: 1, count: 2 }, big.token);
    await suite.callWithKey(giftRewardSend, { anchorId: 101, giftId: 1, count: 9 }, small.token);
    const { body } = await suite.call(giftRank, { anchorId: 103 });
    expect(body.data.anchorId).toBe(103);
    expect(body.data.list.map((entry) => [entry.rank, entry.coins])).toEqual([[1, 1334], [2, 30], [3, 30]]);
    expect(body.data.list.every((entry) => /^.{1,2}\*\*\*$/u.test(entry.name))).toBe(true);
    expect((await suite.call(giftRank, { anchorId: 103, limit: 1 })).body.data.list).toHaveLength(1);
    expect((await suite.call(giftRank, { anchorId: 999 })).body.code).toBe(CODE.anchorNotFound);
    expect((await suite.call(giftRank, { anchorId: 103, limit: 51 })).status).toBe(400);
  });

  it("pushes a send to the member's chat room when its setup says giftPush, once per key, after checking the room", async () => {
    const member = await memberWithCoins(100);
    const roomId = await homeRoomId(suite.db, 4);
    const pushes = async () => (await suite.call(chatPushHistoryAnonymous, { roomId })).body.data.list.filter((push) => push.kind === 'gift');
    const before = (await pushes()).length;
    const request = { anchorId: 101, giftId: 1, count: 2, roomId };
    expect((await suite.callWithKey(giftRewardSend, request, member.token, 'gift-push-1')).body.code).toBe(0);
    expect((await suite.callWithKey(giftRewardSend, request, member.token, 'gift-push-1')).body.code).toBe(0);
    const after = await pushes();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.content).toMatch(/^\S+\*\*\* sent \S+ ×2 to anchor 101$/);

    const coins = await coinsOf(member.token);
    const unknownRoom = await suite.callWithKey(giftRewardSend, { ...request, roomId: 999_999 }, member.token);
    expect(unknownRoom.body.code).toBe(CODE.chatRoomNotFound);
    expect(await coinsOf(member.token)).toBe(coins);

    const room = await findRoom(suite.db, 4, roomId);
    await saveSetup(suite.db, roomId, { ...room!.setup, giftPush: false });
    try {
      expect((await suite.callWithKey(giftRewardSend, request, member.token)).body.code).toBe(0);
      expect(await pushes()).toHaveLength(before + 1);
    } finally {
      await saveSetup(suite.db, roomId, room!.setup);
    }
  });
});
