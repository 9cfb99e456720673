import { validateUsdtAddress, type UsdtAddressError, type VirtualProtocolName } from './usdt-address.js';

/** Spec section 3, "Virtual protocol": the names by id (the order the spec lists them). */
export const PROTOCOL_NAME = ['TRC20', 'ERC20', 'OMNI', 'EBPAY', 'KOIPAY', 'BTC', 'ETH', 'BNB', 'TRX'] as const satisfies readonly VirtualProtocolName[];
export type ProtocolId = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
/** The chain-address protocols (the virtual currency list). */
export const CHAIN_PROTOCOLS: readonly ProtocolId[] = [0, 1, 2, 5, 6, 7, 8];
/** The e-wallet protocols, EbPay and KoiPay: an account name, not a chain address. */
export const EWALLET_PROTOCOLS = [3, 4] as const;
/** An e-wallet account: 6 to 64 of letters, digits, _ . @ -. */
export const EWALLET_ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]{6,64}$/;

/**
 * The address rule each protocol borrows (spec section 5 names TRC20, ERC20 and OMNI):
 * TRX lives on Tron (TRC20 shape), ETH and BNB on EVM chains (ERC20 shape), BTC is a
 * Bitcoin address (Base58Check or Bech32); EBPAY and KOIPAY are e-wallet accounts.
 */
const SHAPE_OF: Readonly<Record<number, 'TRC20' | 'ERC20' | 'OMNI' | 'BTC' | 'EWALLET'>> = {
  0: 'TRC20', 1: 'ERC20', 2: 'OMNI', 3: 'EWALLET', 4: 'EWALLET', 5: 'BTC', 6: 'ERC20', 7: 'ERC20', 8: 'TRC20',
};

/**
 * A member's address for a virtual protocol as it is stored (trimmed), or undefined when
 * the protocol is unknown or the address is not valid for it. Browser and server both
 * check with this, so they refuse the same addresses.
 *
 * @example virtualAddressFor(3, ' ebpay_user01 ') // 'ebpay_user01'
 */
export function virtualAddressFor(protocol: number, input: string): string | undefined {
  const checked = checkVirtualAddress(protocol, input);
  return checked.ok ? checked.address : undefined;
}

/**
 * virtualAddressFor with the reason: `usdtAddressChecksum` when the address has the
 * protocol's shape but its checksum does not match (a typo), `usdtAddressInvalid` for any
 * other wrong address, `usdtProtocolUnsupported` for an unknown protocol.
 *
 * @example checkVirtualAddress(0, 'TCs5LhybMnktQFqbJ9fQzP8TduT962UYAB') // { ok: false, problem: 'usdtAddressChecksum' }
 */
export function checkVirtualAddress(protocol: number, input: string): { ok: true; address: string } | { ok: false; problem: UsdtAddressError } {
  const shape = SHAPE_OF[protocol];
  if (shape === undefined) return { ok: false, problem: 'usdtProtocolUnsupported' };
  if (shape === 'EWALLET') return EWALLET_ACCOUNT_PATTERN.test(input.trim()) ? { ok: true, address: input.trim() } : { ok: false, problem: 'usdtAddressInvalid' };
  const result = validateUsdtAddress(input, shape);
  return result.ok ? { ok: true, address: result.value } : { ok: false, problem: result.error };
}
