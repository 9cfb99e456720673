import { describe, expect, it } from 'vitest';
import { CODE, floatWindows } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { insertFloatWindow, setFloatWindowList } from './float-window-repository.js';

describe.each(testEngines())('float windows on %s', (engine) => {
  const suite = serverSuite(engine);

  it('answers the brand web list in display order, with its config, to a visitor', async () => {
    const { status, body } = await suite.call(floatWindows, { displayEquipment: 8 });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.closeable).toBe(true);
    expect(body.data.time).toBe(3);
    expect(body.data.list.map((item) => [item.jumpType, item.linkType])).toEqual([
      [2, 1],
      [1, 1],
      [1, 2],
    ]);
    expect(body.data.list[0]).toMatchObject({ activityId: 1, activityType: 'present' });
    expect(body.data.list[0]!.webSuspensionIcon).toMatch(/^data:image\/svg\+xml,/);
  });

  it('answers each brand its own list and config', async () => {
    const aurora = await suite.call(floatWindows, { displayEquipment: 8 }, { siteId: 8 });
    expect(aurora.body.data.time).toBe(5);
    expect(aurora.body.data.list).toHaveLength(2);
    expect(aurora.body.data.list[0]!.activityType).toBe('redPackRain');
  });

  it('filters by display equipment, and defaults the config of a list never set up', async () => {
    const app1 = await suite.call(floatWindows, { displayEquipment: 1 });
    expect(app1.body.data.list).toHaveLength(1);
    expect(app1.body.data).toMatchObject({ closeable: true, time: 3 });
    const none = await suite.call(floatWindows, { displayEquipment: 42 });
    expect(none.body.data).toEqual({ list: [], closeable: true, time: 3 });
  });

  it('follows the list config an operator sets', async () => {
    await insertFloatWindow(suite.db, { siteId: 4, displayEquipment: 7, sort: 1, webSuspensionIcon: '/promo.png', jumpType: 1, webLink: '/app/home', linkType: 1 });
    await setFloatWindowList(suite.db, 4, 7, { closeable: false, time: 9 });
    const answer = await suite.call(floatWindows, { displayEquipment: 7 });
    expect(answer.body.data).toMatchObject({ closeable: false, time: 9 });
  });

  it('refuses a missing or wrong display equipment with a code naming the field', async () => {
    for (const request of [{}, { displayEquipment: 'web' }, { displayEquipment: 0 }, { displayEquipment: 8.5 }]) {
      const { status, body } = await suite.call(floatWindows, request as { displayEquipment: number });
      expect(status, JSON.stringify(request)).toBe(400);
      expect(body.code).toBe(CODE.invalidField);
      expect(body.msg).toMatch(/displayEquipment/);
    }
  });

  it('refuses an activity promo without an activity id in the database itself', async () => {
    await expect(insertFloatWindow(suite.db, { siteId: 4, displayEquipment: 8, sort: 5, webSuspensionIcon: '/x.png', jumpType: 2, linkType: 1 })).rejects.toThrow();
  });
});
