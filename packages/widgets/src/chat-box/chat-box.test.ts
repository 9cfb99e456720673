import { describe, expect, it } from 'vitest';
import { wordCount } from './composer.js';
import { BLOCK_SIZE, blocksOf } from './message-list.js';
import type { ChatEntry } from './room-session.js';
import { backoffMs } from './transport.js';

const entry = (id: number): ChatEntry => ({ id, roomId: 1, kind: 'text', memberId: 1, nickName: 'n', content: 'c', vip: 0, isAdmin: false, pinned: false, sentAtMs: 0 });

describe('chat box pieces', () => {
  it('counts code points as the server does', () => {
    expect(wordCount('😀好a')).toBe(3);
    expect(wordCount('😀'.repeat(200))).toBe(200);
  });

  it('backs off from about 1 s, doubling, to at most 30 s with jitter', () => {
    expect(backoffMs(0, () => 0.5)).toBe(1000);
    expect(backoffMs(3, () => 0.5)).toBe(8000);
    expect(backoffMs(50, () => 1)).toBe(37_500);
    expect(backoffMs(50, () => 0)).toBe(22_500);
  });

  it('splits a long list into blocks so only the last block changes when a message arrives', () => {
    const entries = Array.from({ length: 2 * BLOCK_SIZE + 3 }, (_, i) => entry(i + 1));
    const blocks = blocksOf(entries);
    expect(blocks.map((block) => block.length)).toEqual([BLOCK_SIZE, BLOCK_SIZE, 3]);
    const next = blocksOf([...entries, entry(999)]);
    expect(next[0]!.every((e, i) => e === blocks[0]![i])).toBe(true);
    expect(next[2]).toHaveLength(4);
  });
});
