import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One clip segment of a VOD playlist. */
export interface ClipSegment {
  file: string;
  durationMs: number;
}

/** A clip the sandbox loops: its init segment, its media segments and the codecs of its master playlist. */
export interface Clip {
  name: string;
  dir: string;
  init: string;
  segments: ClipSegment[];
  loopMs: number;
  targetDurationS: number;
}

/** The RFC 6381 codec of the clips (VP9 profile 0, level 2.1, 8 bits) and their size, for the master playlist. */
export const CLIP_CODECS = 'vp09.00.21.08';
export const CLIP_RESOLUTION = '426x240';
export const CLIP_BANDWIDTH = 160_000;

/** Reads a clip's VOD playlist (`index.m3u8`, as ffmpeg wrote it). */
export function readClip(dir: string, name: string): Clip {
  const lines = readFileSync(join(dir, 'index.m3u8'), 'utf8').split('\n').map((line) => line.trim());
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(lines.find((line) => line.startsWith('#EXT-X-MAP')) ?? '')?.[1];
  const segments: ClipSegment[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXTINF:')) return;
    segments.push({ durationMs: Math.round(Number.parseFloat(line.slice(8)) * 1000), file: lines[index + 1]! });
  });
  if (!init || segments.length === 0) throw new Error(`${dir}/index.m3u8 is not an fMP4 VOD playlist`);
  const loopMs = segments.reduce((sum, segment) => sum + segment.durationMs, 0);
  const targetDurationS = Math.ceil(Math.max(...segments.map((segment) => segment.durationMs)) / 1000);
  return { name, dir, init, segments, loopMs, targetDurationS };
}

/** Every clip under a folder (one sub-folder a clip). */
export function readClips(root: string): Map<string, Clip> {
  const clips = new Map<string, Clip>();
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory()) clips.set(entry.name, readClip(join(root, entry.name), entry.name));
  }
  return clips;
}
