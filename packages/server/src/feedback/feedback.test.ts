import { beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  CODE,
  FEEDBACK_IMAGE_BYTES_MAX,
  createClient,
  feedbackList,
  feedbackUpload,
  md5Hex,
  opsFeedbackList,
  opsFeedbackReply,
  registerV4,
  webFeedback,
  webLogin,
  type ApiClient,
} from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { TEST_DEMO_PASSWORD } from '../testing/app.js';
import { signedInject } from '../testing/client.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

const codeOf = (failure: unknown) => (failure instanceof ApiError ? failure.code : failure);

describe.each(testEngines())('member feedback on %s', (engine) => {
  const suite = serverSuite(engine);
  let demo: { token: string; client: ApiClient };
  let other: { token: string; client: ApiClient; id: number };

  /** The sdk client over suite.app.inject, so uploads go through the real multipart encoding. */
  function clientFor(token: () => string | null): ApiClient {
    const injectFetch: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      const body = init?.body;
      const payload = body === undefined || body === null ? undefined : typeof body === 'string' ? body : Buffer.from(body as Uint8Array);
      const answer = await suite.app.inject({ method: init?.method as 'POST', url: url.pathname + url.search, headers: Object.fromEntries(new Headers(init?.headers).entries()), ...(payload ? { payload } : {}) });
      return new Response(new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? '') } });
    };
    return createClient({ baseUrl: 'http://lobby.test', fetch: injectFetch, getToken: token, deviceId: 'feedback-test-device', onTokenInvalid: () => undefined });
  }
  const upload = (client: ApiClient, bytes: Buffer, name = 'shot.png', type = 'image/png') => client.call(feedbackUpload, { file: new File([new Uint8Array(bytes)], name, { type }) });
  const feedbackRows = async () => (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_feedback')).rows[0]!.n;

  beforeAll(async () => {
    const demoToken = (await suite.call(webLogin, { name: 'demo', password: md5Hex(TEST_DEMO_PASSWORD) })).body.data.token;
    demo = { token: demoToken, client: clientFor(() => demoToken) };
    const registered = (await suite.call(registerV4, { name: 'feedback-2', password: md5Hex('secret-2') })).body.data;
    other = { token: registered.token, client: clientFor(() => registered.token), id: registered.member.id };
  });

  it('stores PNG, JPEG, WebP and GIF uploads by their bytes and serves them at unguessable URLs', async () => {
    for (const [bytes, type] of [[PNG, 'image/png'], [JPEG, 'image/jpeg'], [WEBP, 'image/webp'], [GIF, 'image/gif']] as const) {
      const stored = await upload(demo.client, bytes, 'named-wrongly.txt', 'text/plain');
      expect(stored).toMatchObject({ mediaType: type, size: bytes.length });
      expect(stored.url).toMatch(/^\/member\/v1\/feedback\/image\/[A-Za-z0-9_-]{32}$/);
      const served = await suite.app.inject({ method: 'GET', url: stored.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
    const stored = await upload(demo.client, PNG);
    const guessed = stored.url.slice(0, -1) + (stored.url.endsWith('A') ? 'B' : 'A');
    expect((await suite.app.inject({ method: 'GET', url: guessed })).statusCode).toBe(404);
    expect((await suite.app.inject({ method: 'GET', url: '/member/v1/feedback/image/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    expect((await suite.app.inject({ method: 'GET', url: "/member/v1/feedback/image/' OR 1=1 --" })).statusCode).toBe(404);
  });

  it('refuses an upload that is not an accepted image, is empty, too large, missing or twofold, and stores nothing', async () => {
    const before = (await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback_images')).rows[0]!.n;
    expect(codeOf(await upload(demo.client, SVG, 'x.png').catch((e: unknown) => e))).toBe(CODE.feedbackImageType);
    expect(codeOf(await upload(demo.client, Buffer.from('GIF86a-not-quite'), 'x.gif', 'image/gif').catch((e: unknown) => e))).toBe(CODE.feedbackImageType);
    expect(codeOf(await upload(demo.client, Buffer.alloc(0)).catch((e: unknown) => e))).toBe(CODE.feedbackImageMissing);
    const big = Buffer.concat([PNG, Buffer.alloc(FEEDBACK_IMAGE_BYTES_MAX)]);
    expect(codeOf(await upload(demo.client, big).catch((e: unknown) => e))).toBe(CODE.feedbackImageTooLarge);
    expect(codeOf(await demo.client.call(feedbackUpload, {}).catch((e: unknown) => e))).toBe(CODE.feedbackImageMissing);
    const two = [new File([new Uint8Array(PNG)], 'a.png'), new File([new Uint8Array(PNG)], 'b.png')];
    expect(codeOf(await demo.client.call(feedbackUpload, { file: two as unknown as File }).catch((e: unknown) => e))).toBe(CODE.invalidField);
    const asJson = await signedInject(suite.app, { call: feedbackUpload, contentType: 'application/json', token: demo.token });
    expect(asJson.json().code).toBe(CODE.unsupportedContentType);
    const anonymous = await upload(clientFor(() => null), PNG).catch((e: unknown) => e);
    expect(codeOf(anonymous)).toBe(CODE.tokenMissing);
    expect((await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback_images')).rows[0]!.n).toBe(before);
  });

  it('sends feedback with images and lists it, newest first, for its member only', async () => {
    const first = await upload(demo.client, PNG);
    const second = await upload(demo.client, GIF);
    const sent = await demo.client.call(webFeedback, { type: 2, category: 1, content: '  存款没有到账 <b>bold</b>  ', picUrls: [second.url, first.url] });
    expect(sent).toMatchObject({ type: 2, category: 1, content: '存款没有到账 <b>bold</b>', isReply: false, replyContent: '', replyAt: 0 });
    expect(sent.picUrls).toBe(`${second.url},${first.url}`);
    expect(sent.imgAddress).toBe(second.url);
    await demo.client.call(webFeedback, { type: 1, category: 6, content: 'A second one, no images' });
    const page = await demo.client.call(feedbackList, {});
    expect(page).toMatchObject({ total: 2, page: 1, size: 20 });
    expect(page.list.map((item) => item.content)).toEqual(['A second one, no images', '存款没有到账 <b>bold</b>']);
    expect(page.list[0]).toMatchObject({ picUrls: '', imgAddress: '' });
    expect((await other.client.call(feedbackList, {})).total).toBe(0);
  });

  it('refuses images that are another member’s, already used or never uploaded, storing no feedback', async () => {
    const mine = await upload(demo.client, PNG);
    const before = await feedbackRows();
    const attempt = (client: ApiClient, picUrls: string[]) => client.call(webFeedback, { type: 1, category: 1, content: 'with a borrowed image', picUrls }).catch((e: unknown) => e);
    expect(codeOf(await attempt(other.client, [mine.url]))).toBe(CODE.feedbackImageUnknown);
    expect(codeOf(await attempt(demo.client, [mine.url, mine.url]))).toBe(CODE.feedbackImageUnknown);
    expect(codeOf(await attempt(demo.client, [`/member/v1/feedback/image/${'a'.repeat(32)}`]))).toBe(CODE.feedbackImageUnknown);
    const used = (await demo.client.call(feedbackList, {})).list.find((item) => item.picUrls !== '')!.imgAddress;
    expect(codeOf(await attempt(demo.client, [mine.url, used]))).toBe(CODE.feedbackImageUnknown);
    expect(await feedbackRows()).toBe(before);
    const loose = await suite.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback_images WHERE token = $1 AND feedback_id IS NULL', [mine.url.split('/').pop()]);
    expect(loose.rows[0]!.n).toBe(1);
  });

  it('answers hostile feedback input with a code naming the problem and stores nothing', async () => {
    const before = await feedbackRows();
    const send = (request: Record<string, unknown>) => suite.call(webFeedback, { type: 1, category: 1, content: 'valid content', ...request } as never, { token: demo.token });
    for (const content of ['abc', '     ', 'x'.repeat(501), 'bell \u0007']) {
      expect((await send({ content })).body.code, JSON.stringify(content)).toBe(CODE.feedbackContentInvalid);
    }
    // The contract's schema refuses NUL in every text (issue 17), before the feedback rules
    // run: a 400 invalidField naming the field, not the feedback code.
    const nul = await send({ content: 'nul \u0000 inside' });
    expect([nul.status, nul.body.code]).toEqual([400, CODE.invalidField]);
    expect(nul.body.msg).toMatch(/^content:/);
    expect((await send({ content: '😀'.repeat(500) })).body.code).toBe(0);
    for (const bad of [{ type: 9 }, { category: 0 }, { type: '1' }, { picUrls: ['https://evil.example/x.png'] }, { picUrls: Array(4).fill(`/member/v1/feedback/image/${'a'.repeat(32)}`) }, { memberId: other.id }]) {
      const answer = await send(bad);
      expect([answer.status, answer.body.code], JSON.stringify(bad)).toEqual([400, expect.any(Number)]);
    }
    expect(await feedbackRows()).toBe(before + 1);
    expect((await suite.call(webFeedback, { type: 1, category: 1, content: 'no token here' })).status).toBe(401);
  });

  it('lets an operator reply; the member sees isReply, replyContent and replyAt; members cannot reply', async () => {
    const sent = await other.client.call(webFeedback, { type: 3, category: 2, content: 'withdrawal is slow' });
    const waiting = (await suite.call(opsFeedbackList, { waiting: true }, { token: suite.opsToken })).body.data.list;
    expect(waiting.map((item) => item.id)).toContain(sent.id);
    expect(waiting.find((item) => item.id === sent.id)).toMatchObject({ memberName: 'feedback-2', siteId: 4 });
    const asMember = await suite.call(opsFeedbackReply, { id: sent.id, replyContent: 'self-served' }, { token: other.token });
    expect([asMember.status, asMember.body.code]).toEqual([401, CODE.operatorOnly]);
    const replied = await suite.call(opsFeedbackReply, { id: sent.id, replyContent: ' We are on it <script>x</script> ' }, { token: suite.opsToken });
    expect(replied.body.data).toMatchObject({ isReply: true, replyContent: 'We are on it <script>x</script>' });
    const seen = (await other.client.call(feedbackList, {})).list.find((item) => item.id === sent.id)!;
    expect(seen).toMatchObject({ isReply: true, replyContent: 'We are on it <script>x</script>' });
    expect(seen.replyAt).toBeGreaterThanOrEqual(seen.createdAt);
    expect(seen.updatedAt).toBeGreaterThanOrEqual(seen.createdAt);
    expect((await suite.call(opsFeedbackList, { waiting: true }, { token: suite.opsToken })).body.data.list.map((item) => item.id)).not.toContain(sent.id);
    expect((await suite.call(opsFeedbackReply, { id: 9_999_999, replyContent: 'nobody' }, { token: suite.opsToken })).body.code).toBe(CODE.feedbackNotFound);
    expect((await suite.call(opsFeedbackReply, { id: sent.id, replyContent: '   ' }, { token: suite.opsToken })).body.code).toBe(CODE.invalidField);
    expect((await suite.call(opsFeedbackList, { memberName: 'FEEDBACK-2' }, { token: suite.opsToken })).body.data.list.every((item) => item.memberName === 'feedback-2')).toBe(true);
  });

  it('limits a member to 10 feedback an hour', async () => {
    const registered = (await suite.call(registerV4, { name: 'feedback-3', password: md5Hex('secret-3') })).body.data;
    const client = clientFor(() => registered.token);
    for (let i = 0; i < 10; i++) await client.call(webFeedback, { type: 1, category: 6, content: `feedback number ${i}` });
    expect(codeOf(await client.call(webFeedback, { type: 1, category: 6, content: 'one too many' }).catch((e: unknown) => e))).toBe(CODE.feedbackTooFrequent);
    expect((await client.call(feedbackList, {})).total).toBe(10);
  });
});
