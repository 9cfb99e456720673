import { base58, bech32, bech32m, createBase58check, hex } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { fail, ok, type Result } from './result.js';

/** Spec section 3: virtual currency protocols. */
export const VIRTUAL_PROTOCOL = { TRC20: 0, ERC20: 1, OMNI: 2, EBPAY: 3, KOIPAY: 4, BTC: 5, ETH: 6, BNB: 7, TRX: 8 } as const;
export type VirtualProtocolName = keyof typeof VIRTUAL_PROTOCOL;

/** Why an address is refused: not the protocol's shape at all, or a typo its checksum caught. */
export type UsdtAddressError = 'usdtAddressInvalid' | 'usdtAddressChecksum' | 'usdtProtocolUnsupported';

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const BECH32 = '[02-9ac-hj-np-z]';

/**
 * Address shapes by protocol, checked before the checksum (spec section 5 gives the first
 * characters; the lengths are the networks' own): Tron is 'T' plus 33 base58 characters;
 * EVM is '0x' plus 40 hex digits; a Bitcoin address is '1' or '3' plus 25 to 34 base58
 * characters (OMNI) or, for BTC, also a 'bc1' segwit address in one case.
 */
export const USDT_ADDRESS_PATTERN: Partial<Record<VirtualProtocolName, RegExp>> = {
  TRC20: new RegExp(`^T${BASE58}{33}$`),
  TRX: new RegExp(`^T${BASE58}{33}$`),
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  ETH: /^0x[0-9a-fA-F]{40}$/,
  BNB: /^0x[0-9a-fA-F]{40}$/,
  OMNI: new RegExp(`^[13]${BASE58}{25,34}$`),
  BTC: new RegExp(`^(?:[13]${BASE58}{25,34}|bc1${BECH32}{8,87}|BC1${BECH32.toUpperCase()}{8,87})$`),
};

/** Tron's address version byte (mainnet, the 'T' addresses). */
const TRON_VERSION = 0x41;
/** Bitcoin mainnet versions: 0x00 pay-to-public-key-hash ('1'), 0x05 pay-to-script-hash ('3'). */
const BITCOIN_VERSIONS = [0x00, 0x05];
const HASH160_LENGTH = 20;

type Verdict = 'valid' | 'usdtAddressInvalid' | 'usdtAddressChecksum';

const base58check = createBase58check(sha256);

/** The version byte and payload of a Base58Check text, or why not. */
function base58Payload(address: string): Uint8Array | Exclude<Verdict, 'valid'> {
  try {
    base58.decode(address);
  } catch {
    return 'usdtAddressInvalid';
  }
  try {
    return base58check.decode(address);
  } catch {
    return 'usdtAddressChecksum';
  }
}

function base58Verdict(address: string, versions: readonly number[]): Verdict {
  const payload = base58Payload(address);
  if (typeof payload === 'string') return payload;
  return payload.length === HASH160_LENGTH + 1 && versions.includes(payload[0]!) ? 'valid' : 'usdtAddressInvalid';
}

/** EIP-55: a letter is upper case when its nibble of keccak-256(lower-case hex) is 8 or more; one case throughout carries no checksum. */
function evmVerdict(address: string): Verdict {
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return 'valid';
  const hash = hex.encode(keccak_256(new TextEncoder().encode(digits.toLowerCase())));
  for (let i = 0; i < digits.length; i += 1) {
    const upper = parseInt(hash[i]!, 16) >= 8;
    const char = digits[i]!;
    if (char !== (upper ? char.toUpperCase() : char.toLowerCase())) return 'usdtAddressChecksum';
  }
  return 'valid';
}

/** BIP 173 and BIP 350: version 0 programs (20 or 32 bytes) in Bech32, versions 1 to 16 in Bech32m. */
function segwitVerdict(address: string): Verdict {
  const text = address.toLowerCase() as `${string}1${string}`;
  const v0 = bech32.decodeUnsafe(text, 90);
  const v1 = v0 ? undefined : bech32m.decodeUnsafe(text, 90);
  const decoded = v0 ?? v1;
  if (!decoded) return 'usdtAddressChecksum';
  const [version, ...words] = decoded.words;
  const program = bech32.fromWordsUnsafe(words);
  if (decoded.prefix !== 'bc' || version === undefined || !program) return 'usdtAddressInvalid';
  if (v0) return version === 0 && (program.length === 20 || program.length === 32) ? 'valid' : 'usdtAddressInvalid';
  return version >= 1 && version <= 16 && program.length >= 2 && program.length <= 40 ? 'valid' : 'usdtAddressInvalid';
}

function verdictOf(name: VirtualProtocolName, address: string): Verdict {
  if (name === 'TRC20' || name === 'TRX') return base58Verdict(address, [TRON_VERSION]);
  if (name === 'ERC20' || name === 'ETH' || name === 'BNB') return evmVerdict(address);
  if (name === 'BTC' && /^bc1/i.test(address)) return segwitVerdict(address);
  return base58Verdict(address, BITCOIN_VERSIONS);
}

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
 * Checks a chain address for a protocol given by number or name, shape first, then its
 * checksum, so a one-character typo is refused before any money moves: TRC20 and TRX by
 * Base58Check (version 0x41), ERC20, ETH and BNB by EIP-55 mixed case (one case
 * throughout is accepted, as the standard allows), OMNI by Base58Check (versions 0x00 and
 * 0x05), BTC by that or Bech32/Bech32m ('bc1'). Surrounding spaces are dropped. E-wallet
 * protocols (EBPAY, KOIPAY) have no address rule here.
 *
 * @example validateUsdtAddress('TCbZoYaJbwyKTdEiDjBuYvbyrtYQ28up7r', 'TRC20') // { ok: true, value: 'TCbZ…' }
 */
export function validateUsdtAddress(address: string, protocol: number | string): Result<string, UsdtAddressError> {
  const name = protocolName(protocol);
  const pattern = name === undefined ? undefined : USDT_ADDRESS_PATTERN[name];
  if (!name || !pattern) return fail('usdtProtocolUnsupported');
  const trimmed = address.trim();
  if (!pattern.test(trimmed)) return fail('usdtAddressInvalid');
  const verdict = verdictOf(name, trimmed);
  return verdict === 'valid' ? ok(trimmed) : fail(verdict);
}
