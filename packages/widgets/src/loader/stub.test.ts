import { afterEach, describe, expect, it, vi } from 'vitest';
import { installStub, type LobbyHost } from '@lobby/widgets';

describe('lobby stub', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('queues calls made before a runtime arrives', () => {
    const host: LobbyHost = {};
    const lobby = installStub(host);
    expect(host.lobby).toBe(lobby);
    expect(lobby('session', { token: 't1' })).toBeUndefined();
    lobby('config', { siteId: 4 });
    expect(lobby.queue).toEqual([
      ['session', { token: 't1' }],
      ['config', { siteId: 4 }],
    ]);
  });

  it('keeps the first queue when a second copy loads', () => {
    const host: LobbyHost = {};
    const first = installStub(host);
    first('session', { token: 't1' });
    const second = installStub(host);
    expect(second).toBe(first);
    expect(host.lobby).toBe(first);
    expect(first.queue).toEqual([['session', { token: 't1' }]]);
  });

  it('replaces something that is not a lobby stub', () => {
    const host: LobbyHost = { lobby: { unrelated: true } };
    const lobby = installStub(host);
    expect(host.lobby).toBe(lobby);
  });

  it('replays the queue in order to the runtime and resolves ready', async () => {
    const host: LobbyHost = {};
    const lobby = installStub(host);
    lobby('session', { token: 't1' });
    lobby('config', { lang: 'en' });
    const seen: unknown[][] = [];
    const handler = (command: string, ...args: unknown[]) => {
      seen.push([command, ...args]);
      return `handled ${command}`;
    };
    expect(lobby.takeOver(handler)).toBe(true);
    expect(seen).toEqual([
      ['session', { token: 't1' }],
      ['config', { lang: 'en' }],
    ]);
    expect(lobby.queue).toEqual([]);
    await expect(lobby.ready).resolves.toBe(lobby);
    expect(lobby('session', { token: 't2' })).toBe('handled session');
    expect(seen).toHaveLength(3);
  });

  it('lets only the first runtime take over', () => {
    const lobby = installStub({});
    const first = vi.fn();
    const second = vi.fn();
    expect(lobby.takeOver(first)).toBe(true);
    expect(lobby.takeOver(second)).toBe(false);
    lobby('config', {});
    expect(first).toHaveBeenCalledWith('config', {});
    expect(second).not.toHaveBeenCalled();
  });

  it('finishes the replay when a queued command throws, and reports the error later', () => {
    vi.useFakeTimers();
    const lobby = installStub({});
    lobby('bad');
    lobby('good');
    const handled: string[] = [];
    lobby.takeOver((command) => {
      if (command === 'bad') throw new Error('bad command');
      handled.push(command);
    });
    expect(handled).toEqual(['good']);
    expect(() => vi.runAllTimers()).toThrow('bad command');
  });
});
