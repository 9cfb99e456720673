import { describe, expect, it } from 'vitest';
import { hostMessageOf } from './host.js';

describe('the game page takes host messages only from its parent and its own origin', () => {
  const origin = 'https://lobby.example';
  const parent = { name: 'host' };
  const other = { name: 'another frame' };

  it('answers a host message from the parent window of the same origin', () => {
    expect(hostMessageOf({ origin, source: parent as never, data: { type: 'lobby.host.refresh' } }, parent, origin)).toEqual({ type: 'lobby.host.refresh' });
    expect(hostMessageOf({ origin, source: parent as never, data: { type: 'lobby.host.close', extra: 1 } }, parent, origin)).toEqual({ type: 'lobby.host.close' });
  });

  it('ignores other origins, other windows, game events, strings and a page that is not framed', () => {
    expect(hostMessageOf({ origin: 'https://evil.example', source: parent as never, data: { type: 'lobby.host.close' } }, parent, origin)).toBeNull();
    expect(hostMessageOf({ origin, source: other as never, data: { type: 'lobby.host.close' } }, parent, origin)).toBeNull();
    expect(hostMessageOf({ origin, source: parent as never, data: { type: 'lobby.game.round' } }, parent, origin)).toBeNull();
    expect(hostMessageOf({ origin, source: parent as never, data: 'lobby.host.close' }, parent, origin)).toBeNull();
    expect(hostMessageOf({ origin, source: null, data: { type: 'lobby.host.close' } }, null, origin)).toBeNull();
  });
});
