import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CODE, md5Hex, messageCount, messageList, opsMessageSend, registerV4 } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { testEngines } from '../testing/databases.js';
import { buildTestApp } from '../testing/app.js';
import { callApi } from '../testing/client.js';
import { seedOperator } from '../testing/operator.js';

describe.each(testEngines())('operator messages and sticky messages on %s', (engine) => {
  let db: Database;
  let app: FastifyInstance;
  let opsToken: string;
  let token: string;

  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
    opsToken = await seedOperator(db);
    token = (await callApi(app, registerV4, { name: 'sticky-1', password: md5Hex('secret-1') })).body.data.token;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('delivers an operator message to the named member only, sticky ones listed first', async () => {
    const send = (title: string, sticky?: boolean) => callApi(app, opsMessageSend, { memberName: 'Sticky-1', type: 2, title, content: `${title} body`, ...(sticky === undefined ? {} : { sticky }) }, { token: opsToken });
    const pinned = (await send('pinned', true)).body.data;
    expect(pinned).toMatchObject({ title: 'pinned', sticky: true, isRead: false, type: 2 });
    await send('plain one');
    await send('plain two', false);
    const list = (await callApi(app, messageList, {}, { token })).body.data.list;
    expect(list.map((message) => [message.title, message.sticky])).toEqual([
      ['pinned', true],
      ['plain two', false],
      ['plain one', false],
    ]);
    expect((await callApi(app, messageCount, {}, { token })).body.data.noticeCount).toBe(3);
  });

  it('refuses an unknown member, a member token and bad input', async () => {
    expect((await callApi(app, opsMessageSend, { memberName: 'nobody-here', type: 0, title: 't', content: 'c' }, { token: opsToken })).body.code).toBe(CODE.memberNotFound);
    expect((await callApi(app, opsMessageSend, { memberName: 'sticky-1', siteId: 8, type: 0, title: 't', content: 'c' }, { token: opsToken })).body.code).toBe(CODE.memberNotFound);
    const asMember = await callApi(app, opsMessageSend, { memberName: 'sticky-1', type: 0, title: 't', content: 'c' }, { token });
    expect([asMember.status, asMember.body.code]).toEqual([401, CODE.operatorOnly]);
    expect((await callApi(app, opsMessageSend, { memberName: 'sticky-1', type: 5 as 0, title: 't', content: 'c' }, { token: opsToken })).status).toBe(400);
    expect((await callApi(app, opsMessageSend, { memberName: 'sticky-1', type: 0, title: '', content: 'c' }, { token: opsToken })).status).toBe(400);
    expect((await callApi(app, messageList, {}, { token })).body.data.total).toBe(3);
  });
});
