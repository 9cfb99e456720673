import { CLIP_BANDWIDTH, CLIP_CODECS, CLIP_RESOLUTION, type Clip } from './clips.js';

/** Segments a live playlist lists: a sliding window of 4 (8 s of 2 s segments). */
export const LIVE_WINDOW_SEGMENTS = 4;
/** Segments from the live edge the player starts at (hls.js liveSyncDurationCount). */
export const LIVE_SYNC_SEGMENTS = 3;

/**
 * About how far behind the event a viewer sees: the player plays `LIVE_SYNC_SEGMENTS`
 * from the newest listed segment, which is itself up to one segment old.
 */
export function liveDelaySeconds(clip: Clip): number {
  return clip.targetDurationS * (LIVE_SYNC_SEGMENTS + 1);
}

/** The master playlist of a room's stream: one variant, with its codecs, so a player knows them before loading. */
export function masterPlaylist(): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-STREAM-INF:BANDWIDTH=${CLIP_BANDWIDTH},RESOLUTION=${CLIP_RESOLUTION},CODECS="${CLIP_CODECS}"`,
    'index.m3u8',
    '',
  ].join('\n');
}

/**
 * The live media playlist of a clip played in a loop since the host went on air (shifted by
 * the room's `offsetMs`), `nowMs` after it: the last `LIVE_WINDOW_SEGMENTS` segments completed by
 * then. Segment k of the endless stream is clip segment k mod n; the media sequence is the
 * first listed k, each loop after the first starts with a discontinuity (its timestamps
 * start again), and the discontinuity sequence counts those before the window. The
 * playlist follows from the clock alone, so the stream is live without state.
 *
 * @example livePlaylist(clip, Date.now(), 0) // '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:...'
 */
export function livePlaylist(clip: Clip, nowMs: number, offsetMs: number): string {
  const count = clip.segments.length;
  const elapsed = Math.max(0, nowMs + offsetMs);
  const loops = Math.floor(elapsed / clip.loopMs);
  let within = elapsed - loops * clip.loopMs;
  let done = 0;
  while (done < count && clip.segments[done]!.durationMs <= within) within -= clip.segments[done++]!.durationMs;
  // The newest segment completed: `done - 1` of this loop (the last of the previous loop when none is).
  const last = Math.max(0, loops * count + done - 1);
  const first = Math.max(0, last - LIVE_WINDOW_SEGMENTS + 1);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${clip.targetDurationS}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / count)}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI="${clip.init}"`,
  ];
  for (let k = first; k <= last; k += 1) {
    const segment = clip.segments[k % count]!;
    if (k % count === 0 && k !== first) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${(segment.durationMs / 1000).toFixed(3)},`, segment.file);
  }
  lines.push('');
  return lines.join('\n');
}
