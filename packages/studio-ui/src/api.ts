/**
 * The studio's play API as a game page calls it (docs/STUDIO.md): JSON envelopes
 * `{ code, msg, data }` under /studio/api/, authorised by the session id of the page's URL.
 */
import { randomHex } from '@lobby/sdk';

/** A refusal of the play API: its code and message (shown to the player as text). */
export class StudioError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'StudioError';
  }
}

/** The page's launch parameters: `/studio/play/<gameCode>?session=...&lang=...`. */
export interface PageParams {
  gameCode: string;
  session: string;
  language: 'zh-CN' | 'en';
}

export function pageParams(location: Location): PageParams {
  const query = new URLSearchParams(location.search);
  const gameCode = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
  return { gameCode, session: query.get('session') ?? '', language: query.get('lang') === 'en' ? 'en' : 'zh-CN' };
}

/**
 * One call: GET without a body, POST with a JSON body; answers `data` or throws StudioError.
 *
 * @example const info = await call<SessionInfo>(params, 'GET', '/studio/api/session');
 */
export async function call<T>(params: PageParams, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'x-studio-session': params.session };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let answer: Response;
  try {
    answer = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw new StudioError(-1, 'network');
  }
  const envelope = (await answer.json().catch(() => null)) as { code: number; msg: string; data: T } | null;
  if (!envelope) throw new StudioError(answer.status, `HTTP ${answer.status}`);
  if (envelope.code !== 0) throw new StudioError(envelope.code, envelope.msg);
  return envelope.data;
}

/** A fresh id for one request (a retry sends the same). */
export function requestId(): string {
  return randomHex(12);
}

/** The seeds a page shows before a round. */
export interface SeedsView {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** What GET /studio/api/session answers. */
export interface SessionInfo {
  gameCode: string;
  venueCode: string;
  demo: boolean;
  walletModel: 'transfer' | 'seamless' | 'demo';
  language: 'zh-CN' | 'en';
  balanceMinor: number;
  seeds: SeedsView;
  game: { code: string; engine: string; nameZh: string; nameEn: string; category: number; minStakeMinor: number; maxStakeMinor: number; rtpBasisPoints: number; rules: unknown };
}

/** A played round as POST /studio/api/rounds answers it. */
export interface RoundView {
  roundId: string;
  status: string;
  stakeMinor: number;
  payoutMinor: number;
  result: string;
  outcome: { display: unknown } | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** Plays one instant round (slots, fishing, cards). */
export function playRound(params: PageParams, bet: unknown): Promise<{ round: RoundView; balanceMinor: number | null }> {
  return call(params, 'POST', '/studio/api/rounds', { requestId: requestId(), bet });
}
