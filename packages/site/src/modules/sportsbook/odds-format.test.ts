import { describe, expect, it } from 'vitest';
import { ODDS_FORMAT_KEY, createOddsFormat } from './odds-format.js';

function storage(initial?: string) {
  const kept = new Map<string, string>(initial ? [[ODDS_FORMAT_KEY, initial]] : []);
  return { kept, keep: { get: (key: string) => kept.get(key) ?? null, set: (key: string, value: string) => void kept.set(key, value) } };
}

describe('the odds format', () => {
  it('is decimal for a new visitor and keeps a visitor\'s choice in local storage', async () => {
    const { kept, keep } = storage();
    const odds = createOddsFormat({ keep });
    expect(odds.get()).toBe('decimal');
    await odds.choose('hongkong');
    expect(kept.get(ODDS_FORMAT_KEY)).toBe('hongkong');
    expect(createOddsFormat({ keep }).get()).toBe('hongkong');
    expect(createOddsFormat(storage('bogus')).get()).toBe('decimal');
  });

  it('takes a member\'s kept format from the server, and goes back when the server refuses a change', async () => {
    const odds = createOddsFormat(storage('malay'));
    await odds.load(async () => 'american');
    expect(odds.get()).toBe('american');
    await expect(odds.choose('indonesian', async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(odds.get()).toBe('american');
    await odds.choose('indonesian', async (format) => format);
    expect(odds.get()).toBe('indonesian');
  });
});
