import { describe, expect, it } from 'vitest';
import { loadControlSwitches, $controlSwitches, pathShown, resetControlSwitches, switchOfPath } from './switches.js';
import type { ApiClient } from '@lobby/sdk';

describe('control switches on the site', () => {
  it('maps routes to their switch', () => {
    expect(switchOfPath('/app/news')).toBe(1);
    expect(switchOfPath('/app/news/newsDetail/3')).toBe(1);
    expect(switchOfPath('/app/anchor-game?room=101')).toBe(3);
    expect(switchOfPath('/app/sport')).toBe(4);
    expect(switchOfPath('/app/venuesSport/1/LBSPORT')).toBe(4);
    expect(switchOfPath('/worldCupLanding')).toBe(5);
    expect(switchOfPath('/app/sportsbook-rules')).toBeUndefined();
    expect(switchOfPath('/app/activity')).toBeUndefined();
  });
  it('hides a link while its switch is off, and shows every link until the switches are known or when they fail', async () => {
    resetControlSwitches();
    expect(pathShown($controlSwitches.get(), '/app/sport')).toBe(true);
    const client = { call: async () => ({ list: [{ switchType: 4, name: 'sports', open: false }] }) } as unknown as ApiClient;
    await loadControlSwitches(client);
    expect(pathShown($controlSwitches.get(), '/app/sport')).toBe(false);
    expect(pathShown($controlSwitches.get(), '/app/activity')).toBe(true);
    resetControlSwitches();
    await loadControlSwitches({ call: async () => Promise.reject(new Error('down')) } as unknown as ApiClient);
    expect($controlSwitches.get()[4]).toBe(true);
  });
});
