import { describe, expect, it } from 'vitest';
import {
  CODE,
  FREE_CALLS_PER_IP_PER_HOUR,
  dontShowAnymore,
  freeCall,
  opsFreeCallHandle,
  opsFreeCallList,
  opsSpecialNoticePublish,
  returnLinkUrl,
  shortLinkCheck,
  shortUrl,
  specialNotice,
} from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

const HOUR = 3_600_000;

describe.each(testEngines())('common calls on %s', (engine) => {
  const start = Date.UTC(2026, 10, 26, 10);
  const suite = serverSuite(engine, { clock: start });
  const count = async (table: string) => (await suite.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

  it('stores a free call-back from a visitor or a member, one open request per phone, and the operator lists and handles it', async () => {
    const { token, memberId } = await suite.memberWithBalance(0);
    const name = (await suite.db.query<{ name: string }>('SELECT name FROM members WHERE id = $1', [memberId])).rows[0]!.name;
    const asked = await suite.call(freeCall, { phone: '13800138001', note: '  after 6 pm <b>please</b> ' }, { remoteAddress: '10.1.0.1' });
    expect(asked.body).toMatchObject({ code: 0, data: { status: 'open' } });
    const mine = await suite.call(freeCall, { areaCode: '+852', phone: '91234567' }, { token, remoteAddress: '10.1.0.1' });
    expect(mine.body.code).toBe(0);
    const again = await suite.call(freeCall, { phone: '13800138001' }, { remoteAddress: '10.1.0.2' });
    expect(again.body.code).toBe(CODE.freeCallTooFrequent);

    const list = (await suite.call(opsFreeCallList, { openOnly: true }, { token: suite.opsToken })).body.data.list;
    const visitor = list.find((row) => row.id === asked.body.data.id)!;
    expect(visitor).toMatchObject({ phone: '13800138001', note: 'after 6 pm <b>please</b>', memberName: '', ip: '10.1.0.1', status: 'open' });
    expect(list.find((row) => row.id === mine.body.data.id)).toMatchObject({ memberName: name, areaCode: '+852' });
    const handled = await suite.call(opsFreeCallHandle, { id: asked.body.data.id }, { token: suite.opsToken });
    expect(handled.body.data).toMatchObject({ status: 'handled', handledBy: expect.any(String) });
    expect(handled.body.data.handledAt).toBe(suite.clock.now());
    // Handled: the phone may ask again.
    expect((await suite.call(freeCall, { phone: '13800138001' }, { remoteAddress: '10.1.0.3' })).body.code).toBe(0);
    // A member cannot list them.
    expect((await suite.call(opsFreeCallList, {}, { token })).status).toBe(401);
  });

  it('refuses bad phones, control characters and too many requests from one IP, storing nothing', async () => {
    const before = await count('free_call_requests');
    for (const phone of ['1380013800', '23800138000', '16500138000', '12', 'abc', '138001380001234']) {
      const answer = await suite.call(freeCall, { phone }, { remoteAddress: '10.2.0.1' });
      expect([CODE.freeCallPhoneInvalid, CODE.invalidField]).toContain(answer.body.code);
    }
    expect((await suite.call(freeCall, { phone: '13800138002', note: 'a\u0000b' }, { remoteAddress: '10.2.0.1' })).body.code).toBe(CODE.invalidField);
    expect((await suite.call(freeCall, { phone: '13800138002', extra: 1 } as never, { remoteAddress: '10.2.0.1' })).status).toBe(400);
    expect(await count('free_call_requests')).toBe(before);
    for (let index = 0; index < FREE_CALLS_PER_IP_PER_HOUR; index++) {
      expect((await suite.call(freeCall, { phone: `1390013900${index}` }, { remoteAddress: '10.2.0.9' })).body.code).toBe(0);
    }
    expect((await suite.call(freeCall, { phone: '13900139009' }, { remoteAddress: '10.2.0.9' })).body.code).toBe(CODE.freeCallTooFrequent);
    expect(await count('free_call_requests')).toBe(before + FREE_CALLS_PER_IP_PER_HOUR);
  });

  it('shows the live special notice until the member dismisses it for good; a visitor always sees it', async () => {
    const now = suite.clock.now();
    const published = await suite.call(
      opsSpecialNoticePublish,
      { siteId: 4, titleZh: '维护通知', titleEn: 'Maintenance', contentZh: '今晚维护', contentEn: 'Tonight <script>x</script>', startsAt: now - HOUR, endsAt: now + HOUR },
      { token: suite.opsToken },
    );
    const noticeId = published.body.data.id;
    const { token } = await suite.memberWithBalance(0);
    const other = await suite.memberWithBalance(0);
    expect((await suite.call(specialNotice, {}, { token })).body.data.notice).toMatchObject({ id: noticeId, titleEn: 'Maintenance', contentEn: 'Tonight <script>x</script>' });
    expect((await suite.call(specialNotice, {}, { token })).body.data.notice?.id).toBe(noticeId);
    expect((await suite.call(dontShowAnymore, { noticeId }, { token })).body.data).toEqual({ dismissed: true });
    expect((await suite.call(dontShowAnymore, { noticeId }, { token })).body.data).toEqual({ dismissed: true });
    expect((await suite.call(specialNotice, {}, { token })).body.data.notice).toBeNull();
    expect((await suite.call(specialNotice, {}, { token: other.token })).body.data.notice?.id).toBe(noticeId);
    expect((await suite.call(specialNotice, {})).body.data.notice?.id).toBe(noticeId);
    // Another brand's members do not see it, nor can they dismiss it.
    const aurora = await suite.memberWithBalance(0, { siteId: 8 });
    expect((await suite.call(specialNotice, {}, { token: aurora.token, siteId: 8 })).body.data.notice).toBeNull();
    expect((await suite.call(dontShowAnymore, { noticeId }, { token: aurora.token, siteId: 8 })).body.code).toBe(CODE.specialNoticeNotFound);
    expect((await suite.call(dontShowAnymore, { noticeId: 999_999 }, { token })).body.code).toBe(CODE.specialNoticeNotFound);
    expect((await suite.call(dontShowAnymore, { noticeId })).status).toBe(401);
    // After its window it is gone.
    suite.clock.set(now + 2 * HOUR);
    expect((await suite.call(specialNotice, {}, { token: other.token })).body.data.notice).toBeNull();
    suite.clock.set(now);
    const backwards = await suite.call(
      opsSpecialNoticePublish,
      { siteId: 4, titleZh: 'x', titleEn: 'X', contentZh: 'x', contentEn: 'X', startsAt: now, endsAt: now - 1 },
      { token: suite.opsToken },
    );
    expect(backwards.body.code).toBe(CODE.specialNoticeInvalid);
    const unknownBrand = await suite.call(
      opsSpecialNoticePublish,
      { siteId: 77, titleZh: 'x', titleEn: 'X', contentZh: 'x', contentEn: 'X', startsAt: now, endsAt: now + 1 },
      { token: suite.opsToken },
    );
    expect(unknownBrand.body.code).toBe(CODE.invalidField);
  });

  it("answers a return link only on the brand's own domains", async () => {
    expect((await suite.call(returnLinkUrl, {})).body.data).toEqual({ url: 'http://localhost:3000/', home: 'http://localhost:3000/' });
    expect((await suite.call(returnLinkUrl, { returnUrl: 'http://127.0.0.1:3000/app/wallet?tab=1#x' })).body.data.url).toBe('http://127.0.0.1:3000/app/wallet?tab=1#x');
    for (const returnUrl of ['https://evil.example/', 'javascript:alert(1)', '/app/wallet', 'http://user:pw@localhost:3000/', 'http://localhost:3001/', 'http://localhost:3000.evil.example/', 'http://aurora.localhost:3000/']) {
      expect((await suite.call(returnLinkUrl, { returnUrl })).body.code).toBe(CODE.returnLinkForeign);
    }
    expect((await suite.call(returnLinkUrl, { returnUrl: 'http://aurora.localhost:3000/x' }, { siteId: 8 })).body.data.url).toBe('http://aurora.localhost:3000/x');
  });

  it('makes short links for brand URLs only, resolves them on their brand, and 404s an unknown token', async () => {
    const { token } = await suite.memberWithBalance(0);
    const made = (await suite.call(shortUrl, { url: 'http://localhost:3000/app/friendInvitation?i_code=ABC' }, { token })).body.data;
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(made.shortUrl).toBe(`http://localhost:3000/s/${made.token}`);
    expect((await suite.call(shortUrl, { url: 'http://localhost:3000/app/friendInvitation?i_code=ABC' }, { token })).body.data.token).toBe(made.token);
    expect((await suite.call(shortLinkCheck, { token: made.token })).body.data.url).toBe('http://localhost:3000/app/friendInvitation?i_code=ABC');
    const redirect = await suite.app.inject({ method: 'GET', url: `/s/${made.token}`, headers: { host: 'localhost:3000' } });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('http://localhost:3000/app/friendInvitation?i_code=ABC');
    // Unknown, malformed, or another brand's token: 404.
    expect((await suite.call(shortLinkCheck, { token: 'zzzzzzzz' })).status).toBe(404);
    expect((await suite.call(shortLinkCheck, { token: made.token }, { siteId: 8 })).status).toBe(404);
    expect((await suite.call(shortLinkCheck, { token: '../etc' })).status).toBe(400);
    expect((await suite.app.inject({ method: 'GET', url: '/s/zzzzzzzz' })).statusCode).toBe(404);
    expect((await suite.app.inject({ method: 'GET', url: `/s/${made.token}`, headers: { host: 'aurora.localhost:3000' } })).statusCode).toBe(404);
    // Foreign targets are refused and nothing is stored.
    const before = await count('short_links');
    for (const url of ['https://evil.example/', 'javascript:alert(1)', 'data:text/html,x']) {
      expect((await suite.call(shortUrl, { url }, { token })).body.code).toBe(CODE.shortLinkForeign);
    }
    expect((await suite.call(shortUrl, { url: 'http://localhost:3000/' })).status).toBe(401);
    expect(await count('short_links')).toBe(before);
  });
});
