import { DOWNLOAD_SESSION_KEYS, type DownloadSessionKey } from '@lobby/sdk';

/** Session storage key of the kept codes (JSON). */
export const INVITE_CODES_KEY = 'lobby.inviteCodes';

type Codes = Partial<Record<DownloadSessionKey, string>>;

interface KeyValue {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

function read(storage: KeyValue): Codes {
  try {
    const value = JSON.parse(storage.get(INVITE_CODES_KEY) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Codes) : {};
  } catch {
    return {};
  }
}

/**
 * Keeps the invite and referral codes of a landing URL for the session; a later URL
 * without them leaves the kept ones alone. Answers what is kept.
 *
 * @example captureInviteCodes('?i_code=AB12', sessionStore) // { i_code: 'AB12' }
 */
export function captureInviteCodes(search: string, storage: KeyValue): Codes {
  const params = new URLSearchParams(search);
  const codes = read(storage);
  // Spec section 9, "Session keys": the same URL parameters the download SDK keeps.
  for (const name of DOWNLOAD_SESSION_KEYS) {
    const value = params.get(name)?.trim();
    if (value && value.length <= 32) codes[name] = value;
  }
  storage.set(INVITE_CODES_KEY, JSON.stringify(codes));
  return codes;
}

/**
 * The invite code registration sends: the invite code, else the referral code.
 *
 * @example inviteCodeOf(storage) // 'AB12'
 */
export function inviteCodeOf(storage: KeyValue): string | undefined {
  const codes = read(storage);
  return codes.i_code ?? codes.r_code;
}

const CODE_SHAPE = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Every kept code as registration sends it (docs/AGENTS.md): i_code, r_code, agent_verify
 * and isfission; a value of another shape is left out rather than refused.
 *
 * @example registrationCodesOf(storage) // { inviteCode: 'AB12', referralCode: 'AG7', isFission: '1' }
 */
export function registrationCodesOf(storage: KeyValue): { inviteCode?: string; referralCode?: string; agentVerify?: string; isFission?: string } {
  const codes = read(storage);
  const pick = (value: unknown) => (typeof value === 'string' && CODE_SHAPE.test(value) ? value : undefined);
  const entries = { inviteCode: pick(codes.i_code), referralCode: pick(codes.r_code), agentVerify: pick(codes.agent_verify), isFission: pick(codes.isfission) };
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}
