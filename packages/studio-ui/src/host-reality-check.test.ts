import { describe, expect, it } from 'vitest';
import { hostMessageOf } from './host.js';

describe('a reality check from the host (issue 22)', () => {
  const origin = 'https://lobby.example';
  const parent = { name: 'host' };
  const check = { type: 'lobby.host.realityCheck', title: 'Reality check', message: 'You have played for 0:16:00.', labels: { continue: 'Continue', stop: 'Stop', history: 'History' } };

  it('is taken from the parent window of the same origin with its texts and labels, nothing else', () => {
    expect(hostMessageOf({ origin, source: parent as never, data: { ...check, extra: '<b>x</b>' } }, parent, origin)).toEqual(check);
  });

  it('is ignored from another origin or window, or with a text missing, empty or not text', () => {
    expect(hostMessageOf({ origin: 'https://evil.example', source: parent as never, data: check }, parent, origin)).toBeNull();
    expect(hostMessageOf({ origin, source: {} as never, data: check }, parent, origin)).toBeNull();
    expect(hostMessageOf({ origin, source: parent as never, data: { ...check, message: '' } }, parent, origin)).toBeNull();
    expect(hostMessageOf({ origin, source: parent as never, data: { ...check, title: 7 } }, parent, origin)).toBeNull();
    expect(hostMessageOf({ origin, source: parent as never, data: { ...check, labels: { continue: 'Continue', stop: 'Stop' } } }, parent, origin)).toBeNull();
    expect(hostMessageOf({ origin, source: parent as never, data: { ...check, message: 'x'.repeat(501) } }, parent, origin)).toBeNull();
  });
});
