import { fail, ok, type Result } from './result.js';

/** Spec section 3: virtual currency protocols. */
export const VIRTUAL_PROTOCOL = { TRC20: 0, ERC20: 1, OMNI: 2, EBPAY: 3, KOIPAY: 4, BTC: 5, ETH: 6, BNB: 7, TRX: 8 } as const;
export type VirtualProtocolName = keyof typeof VIRTUAL_PROTOCOL;

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';

/**
 * Address shapes by protocol (spec section 5 gives the first characters; the lengths are
 * the networks' own): TRC20 is 'T' plus 33 base58 characters (34 in all); ERC20 is '0x'
 * plus 40 hex digits; OMNI (a Bitcoin address) is '1' or '3' plus 25 to 34 base58
 * characters. Checksums are not verified here; the server does that.
 */
export const USDT_ADDRESS_PATTERN: Partial<Record<VirtualProtocolName, RegExp>> = {
  TRC20: new RegExp(`^T${BASE58}{33}$`),
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  OMNI: new RegExp(`^[13]${BASE58}{25,34}$`),
};

function protocolName(protocol: number | string): VirtualProtocolName | undefined {
  let id = protocol;
  if (typeof protocol === 'string') {
    const upper = protocol.trim().toUpperCase();
    if (Object.hasOwn(VIRTUAL_PROTOCOL, upper)) return upper as VirtualProtocolName;
    if (!/^\d+$/.test(upper)) return undefined;
    id = Number(upper);
  }
  const byNumber = Object.entries(VIRTUAL_PROTOCOL).find(([, value]) => value === id);
  return byNumber?.[0] as VirtualProtocolName | undefined;
}

/**
 * Checks a USDT address for a protocol given by number (0 TRC20, 1 ERC20, 2 OMNI) or
 * name; surrounding spaces are dropped. Other protocols have no address rule here.
 *
 * @example validateUsdtAddress('0x' + 'a'.repeat(40), 'ERC20') // { ok: true, value: '0xaaaa…' }
 */
export function validateUsdtAddress(address: string, protocol: number | string): Result<string> {
  const name = protocolName(protocol);
  const pattern = name === undefined ? undefined : USDT_ADDRESS_PATTERN[name];
  if (!pattern) return fail('usdtProtocolUnsupported');
  const trimmed = address.trim();
  return pattern.test(trimmed) ? ok(trimmed) : fail('usdtAddressInvalid');
}
