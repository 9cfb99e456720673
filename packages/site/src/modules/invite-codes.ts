/** Spec section 9, "Session keys": the URL parameters kept for registration. */
export const INVITE_PARAMS = ['r_code', 'i_code', 'agent_verify', 'isfission'] as const;
export type InviteParam = (typeof INVITE_PARAMS)[number];
/** Session storage key of the kept codes (JSON). */
export const INVITE_CODES_KEY = 'lobby.inviteCodes';

type Codes = Partial<Record<InviteParam, string>>;

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
  for (const name of INVITE_PARAMS) {
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
