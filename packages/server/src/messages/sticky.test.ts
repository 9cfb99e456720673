import { beforeAll, describe, expect, it } from 'vitest';
import { CODE, md5Hex, messageCount, messageList, opsMessageSend, registerV4 } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

describe.each(testEngines())('operator messages and sticky messages on %s', (engine) => {
  const suite = serverSuite(engine);
  let token: string;

  beforeAll(async () => {
    token = (await suite.call(registerV4, { name: 'sticky-1', password: md5Hex('secret-1') })).body.data.token;
  });

  it('delivers an operator message to the named member only, sticky ones listed first', async () => {
    const send = (title: string, sticky?: boolean) => suite.call(opsMessageSend, { memberName: 'Sticky-1', type: 2, title, content: `${title} body`, ...(sticky === undefined ? {} : { sticky }) }, { token: suite.opsToken });
    const pinned = (await send('pinned', true)).body.data;
    expect(pinned).toMatchObject({ title: 'pinned', sticky: true, isRead: false, type: 2 });
    await send('plain one');
    await send('plain two', false);
    const list = (await suite.call(messageList, {}, { token })).body.data.list;
    expect(list.map((message) => [message.title, message.sticky])).toEqual([
      ['pinned', true],
      ['plain two', false],
      ['plain one', false],
    ]);
    expect((await suite.call(messageCount, {}, { token })).body.data.noticeCount).toBe(3);
  });

  it('refuses an unknown member, a member token and bad input', async () => {
    expect((await suite.call(opsMessageSend, { memberName: 'nobody-here', type: 0, title: 't', content: 'c' }, { token: suite.opsToken })).body.code).toBe(CODE.memberNotFound);
    expect((await suite.call(opsMessageSend, { memberName: 'sticky-1', siteId: 8, type: 0, title: 't', content: 'c' }, { token: suite.opsToken })).body.code).toBe(CODE.memberNotFound);
    const asMember = await suite.call(opsMessageSend, { memberName: 'sticky-1', type: 0, title: 't', content: 'c' }, { token });
    expect([asMember.status, asMember.body.code]).toEqual([401, CODE.operatorOnly]);
    expect((await suite.call(opsMessageSend, { memberName: 'sticky-1', type: 5 as 0, title: 't', content: 'c' }, { token: suite.opsToken })).status).toBe(400);
    expect((await suite.call(opsMessageSend, { memberName: 'sticky-1', type: 0, title: '', content: 'c' }, { token: suite.opsToken })).status).toBe(400);
    expect((await suite.call(messageList, {}, { token })).body.data.total).toBe(3);
  });
});
