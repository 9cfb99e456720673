import { md5Hex } from '../contract/md5.js';

/** The query or form parameters of a video host call, as sent (strings). */
export type VideoParams = Readonly<Record<string, string>>;

/**
 * The text the video host's md5 `sign` covers: the endpoint path, the parameters other
 * than `sign` and `t` sorted by name as `name=value` joined by `&` (values as sent,
 * before URL encoding), the millisecond timestamp `t` and the shared key, joined by `\n`.
 *
 * @example videoSigningText('/api/room', { roomId: 'r1' }, '1700000000000', 'k') // '/api/room\nroomId=r1\n1700000000000\nk'
 */
export function videoSigningText(path: string, params: VideoParams, timestamp: string, key: string): string {
  const pairs = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 't')
    .sort()
    .map((name) => `${name}=${params[name]}`);
  return [path, pairs.join('&'), timestamp, key].join('\n');
}

/**
 * The parameters with `t` and `sign` added: `sign` is the lower-case hex md5 of
 * {@link videoSigningText}.
 *
 * @example signVideoParams('/api/room', { roomId: 'r1' }, 'k', 1700000000000).sign.length // 32
 */
export function signVideoParams(path: string, params: VideoParams, key: string, nowMs: number): Record<string, string> {
  const t = String(nowMs);
  return { ...params, t, sign: md5Hex(videoSigningText(path, params, t, key)) };
}
