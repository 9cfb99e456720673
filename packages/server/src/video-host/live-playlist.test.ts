import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../http/repo-paths.js';
import { readClips } from './clips.js';
import { LIVE_WINDOW_SEGMENTS, livePlaylist, masterPlaylist } from './live-playlist.js';

const clips = readClips(join(findRepoRoot(), 'packages/server/assets/video'));
const pitch = clips.get('pitch')!;

/** The playlist's tags and segments, read back. */
function read(text: string) {
  const lines = text.trim().split('\n');
  const tag = (name: string) => Number(lines.find((line) => line.startsWith(`#EXT-X-${name}:`))!.split(':')[1]);
  return {
    sequence: tag('MEDIA-SEQUENCE'),
    discontinuitySequence: tag('DISCONTINUITY-SEQUENCE'),
    segments: lines.filter((line) => line.endsWith('.m4s')),
    discontinuities: lines.filter((line) => line === '#EXT-X-DISCONTINUITY').length,
    ended: lines.includes('#EXT-X-ENDLIST'),
  };
}

describe('the sandbox clips', () => {
  it('are three VP9 clips of 2-second segments, 6 to 10 seconds each', () => {
    expect([...clips.keys()].sort()).toEqual(['arena', 'court', 'pitch']);
    for (const clip of clips.values()) {
      expect(clip.loopMs).toBeGreaterThanOrEqual(6000);
      expect(clip.loopMs).toBeLessThanOrEqual(10_000);
      expect(clip.targetDurationS).toBe(2);
      expect(clip.init).toBe('init.mp4');
    }
  });
});

describe('the live playlist', () => {
  const loop = pitch.loopMs;
  const count = pitch.segments.length;

  it('is live: a window of the newest segments, no end, moving one segment every 2 s of the clock', () => {
    const at = 1_000 * loop + 2_500;
    const now = read(livePlaylist(pitch, at, 0));
    const later = read(livePlaylist(pitch, at + 2_000, 0));
    expect(now.ended).toBe(false);
    expect(now.segments).toHaveLength(LIVE_WINDOW_SEGMENTS);
    expect(later.sequence).toBe(now.sequence + 1);
    expect(later.segments.slice(0, -1)).toEqual(now.segments.slice(1));
  });

  it('lists only segments already complete: the newest ends at or before now', () => {
    // 2.5 s into loop 1000: segment 0 of that loop is complete, segment 1 is not.
    const playlist = read(livePlaylist(pitch, 1_000 * loop + 2_500, 0));
    expect(playlist.sequence + playlist.segments.length - 1).toBe(1_000 * count);
    expect(playlist.segments.at(-1)).toBe('seg0.m4s');
  });

  it('marks each new loop with a discontinuity and counts the ones before the window', () => {
    const playlist = read(livePlaylist(pitch, 1_000 * loop + 2_500, 0));
    expect(playlist.discontinuities).toBe(1);
    expect(playlist.discontinuitySequence).toBe(Math.floor(playlist.sequence / count));
    const next = read(livePlaylist(pitch, 1_001 * loop + 2_500, 0));
    expect(next.discontinuitySequence).toBe(playlist.discontinuitySequence + 1);
  });

  it('is the same text on every instance at the same moment, and a room\'s offset shifts it', () => {
    expect(livePlaylist(pitch, 123_456_789, 0)).toBe(livePlaylist(pitch, 123_456_789, 0));
    expect(livePlaylist(pitch, 123_456_789, 2_000)).toBe(livePlaylist(pitch, 123_458_789, 0));
  });

  it('has a master playlist naming the VP9 codec, so the player knows it before the first segment', () => {
    expect(masterPlaylist()).toContain('CODECS="vp09.00.21.08"');
    expect(masterPlaylist()).toContain('RESOLUTION=426x240');
  });
});
