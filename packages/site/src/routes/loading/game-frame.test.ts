import { describe, expect, it } from 'vitest';
import { gameEventOf } from './game-frame.js';

describe('game frame messages', () => {
  const frame = {} as Window;
  const other = {} as Window;
  const origin = 'https://lobby.example';

  it('take only the game events of this origin from this frame', () => {
    expect(gameEventOf({ origin, source: frame, data: { type: 'lobby.game.round', roundId: 'r1' } }, frame, origin)).toEqual({ type: 'lobby.game.round' });
    expect(gameEventOf({ origin, source: frame, data: { type: 'lobby.game.error', code: 'tokenExpired' } }, frame, origin)).toEqual({ type: 'lobby.game.error', code: 'tokenExpired' });
    expect(gameEventOf({ origin: 'https://evil.example', source: frame, data: { type: 'lobby.game.round' } }, frame, origin)).toBeNull();
    expect(gameEventOf({ origin, source: other, data: { type: 'lobby.game.round' } }, frame, origin)).toBeNull();
    expect(gameEventOf({ origin, source: frame, data: { type: 'lobby.host.close' } }, frame, origin)).toBeNull();
    expect(gameEventOf({ origin, source: frame, data: 'lobby.game.round' }, frame, origin)).toBeNull();
    expect(gameEventOf({ origin, source: null, data: { type: 'lobby.game.round' } }, null, origin)).toBeNull();
  });
});
