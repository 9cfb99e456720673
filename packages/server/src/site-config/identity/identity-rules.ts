import { createHash } from 'node:crypto';
import type { IdentityStatus } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import { configValue, type IDENTITY_BIND_FACTS, type IDENTITY_WITHDRAW_FACTS } from '../config-keys.js';
import { checkIdentity, type IdentityAnswer, type IdentitySubject } from './provider.js';

/**
 * Identity authentication (spec section 8, 244358 to 244395 and 245101; docs/SITE-CONFIG.md
 * "Identity"): what a brand asks of a member before a withdrawal and before a card bind
 * (config keys identity_withdraw_requires, identity_bind_card_requires), and the name
 * checks through the identity provider (identity_match_phone, identity_match_bank_card,
 * and the ID card check of identityVerify). Each refusal changes nothing.
 */

type WithdrawFact = (typeof IDENTITY_WITHDRAW_FACTS)[number];
type BindFact = (typeof IDENTITY_BIND_FACTS)[number];

/** Failed ID card checks a member may make in one day; the last failure is 244395. */
export const ID_CARD_ATTEMPTS_PER_DAY = 3;

interface Facts {
  realName: string;
  areaCode: string;
  phone: string;
  bankCard: boolean;
  idCardVerified: boolean;
  failDay: string | null;
  failCount: number;
}

export async function identityFactsOf(q: Queryable, memberId: number): Promise<Facts> {
  const { rows } = await q.query<{ real_name: string; area_code: string; phone: string; cards: number; verified: boolean; fail_day: string | null; fail_count: number | null }>(
    `SELECT m.real_name, m.area_code, m.phone,
            (SELECT count(*)::int FROM member_bank_cards c WHERE c.member_id = m.id) AS cards,
            (i.verified_at IS NOT NULL) AS verified, to_char(i.fail_day, 'YYYY-MM-DD') AS fail_day, i.fail_count
       FROM members m LEFT JOIN member_identity i ON i.member_id = m.id WHERE m.id = $1`,
    [memberId],
  );
  const row = rows[0]!;
  return {
    realName: row.real_name, areaCode: row.area_code, phone: row.phone, bankCard: Number(row.cards) > 0, idCardVerified: row.verified === true,
    failDay: row.fail_day, failCount: Number(row.fail_count ?? 0),
  };
}

const dayOf = (now: Date) => now.toISOString().slice(0, 10);
const failsToday = (facts: Facts, now: Date) => (facts.failDay === dayOf(now) ? facts.failCount : 0);

/** The member's facts and the brand's requirements (identityStatus). */
export async function identityStatusOf(q: Queryable, siteId: number, memberId: number, now: Date): Promise<IdentityStatus> {
  const facts = await identityFactsOf(q, memberId);
  return {
    realName: facts.realName !== '', phone: facts.phone !== '', bankCard: facts.bankCard, idCardVerified: facts.idCardVerified,
    attemptsLeftToday: Math.max(0, ID_CARD_ATTEMPTS_PER_DAY - failsToday(facts, now)),
    withdrawRequires: await configValue<WithdrawFact[]>(q, siteId, 'identity_withdraw_requires'),
    bindCardRequires: await configValue<BindFact[]>(q, siteId, 'identity_bind_card_requires'),
  };
}

/** A provider answer other than match as its refusal: `mismatch` is the caller's code. */
function refuseUnlessMatch(answer: IdentityAnswer, mismatchCode: number, what: string): void {
  if (answer === 'match') return;
  if (answer === 'mismatch') throw new BusinessError(mismatchCode, `your real name does not match ${what}`);
  if (answer === 'unsupported') throw new BusinessError('identityUnsupported', `${what} cannot be checked by the identity provider`);
  throw new BusinessError('identityProviderUnavailable', 'the identity provider did not answer in time; nothing was done, try again');
}

/**
 * The refusal for missing facts before a withdrawal, by what is missing among real name,
 * phone and bank card: only the phone 245101; the real name (perhaps with the phone)
 * 244381; the bank card (perhaps with the real name) 244382; phone and bank card 244383.
 * Those present, an unverified ID card: 244358 (244360 for a USDT withdrawal).
 */
export function missingFactsCode(missing: ReadonlySet<WithdrawFact>, usdt: boolean): number | null {
  const name = missing.has('realName');
  const phone = missing.has('phone');
  const card = missing.has('bankCard');
  if (phone && card) return 244383;
  if (card) return 244382;
  if (name) return 244381;
  if (phone) return 245101;
  if (missing.has('idCard')) return usdt ? 244360 : 244358;
  return null;
}

export interface WithdrawIdentityInput {
  siteId: number;
  memberId: number;
  kind: 'bank' | 'usdt' | 'eWallet';
  /** The card paid, for a bank withdrawal (checked against the real name when the brand asks). */
  cardNo?: string;
  /** The address paid, for a USDT withdrawal. */
  address?: string;
}

/**
 * With withdraw_bound_only, money leaves only to a card or USDT address the member bound
 * first: another is 244099 `guide` (the page leads to the banks page to bind it). The card
 * number comes normalised (assertIdentityForWithdrawal).
 */
async function assertBoundPayout(q: Queryable, input: WithdrawIdentityInput): Promise<void> {
  if (input.kind === 'eWallet' || (await configValue<string>(q, input.siteId, 'withdraw_bound_only')) !== '1') return;
  const bound =
    input.kind === 'bank'
      ? (await q.query('SELECT 1 FROM member_bank_cards WHERE member_id = $1 AND card_no = $2', [input.memberId, input.cardNo ?? ''])).rows.length > 0
      : (await q.query('SELECT 1 FROM member_virtual_addresses WHERE member_id = $1 AND address = $2', [input.memberId, input.address ?? ''])).rows.length > 0;
  if (!bound) throw new BusinessError('guide', `bind this ${input.kind === 'bank' ? 'card' : 'address'} first: this site pays only to bound ones`);
}

/** A card number as cards are stored: digits only (spaces and dashes a member may type are dropped). */
const cardDigits = (cardNo: string) => cardNo.replace(/[\s-]/g, '');

/**
 * Refuses a withdrawal the brand's identity rules do not allow yet (call before the money
 * moves). The card number is normalised once, here, so the bound-card check, the card's type
 * and the provider's check all read the number as stored.
 */
export async function assertIdentityForWithdrawal(q: Queryable, raw: WithdrawIdentityInput): Promise<void> {
  const input: WithdrawIdentityInput = raw.cardNo === undefined ? raw : { ...raw, cardNo: cardDigits(raw.cardNo) };
  await assertBoundPayout(q, input);
  const requires = await configValue<WithdrawFact[]>(q, input.siteId, 'identity_withdraw_requires');
  const matchPhone = (await configValue<string>(q, input.siteId, 'identity_match_phone')) === '1';
  const matchCard = (await configValue<string>(q, input.siteId, 'identity_match_bank_card')) === '1';
  if (requires.length === 0 && !matchPhone && !matchCard) return;
  const facts = await identityFactsOf(q, input.memberId);
  const has: Record<WithdrawFact, boolean> = { realName: facts.realName !== '', phone: facts.phone !== '', bankCard: facts.bankCard, idCard: facts.idCardVerified };
  const missing = new Set(requires.filter((fact) => !has[fact]));
  const code = missingFactsCode(missing, input.kind === 'usdt');
  if (code !== null) throw new BusinessError(code, `before a withdrawal this site asks for: ${[...missing].join(', ')}`, { missing: [...missing] });
  if (facts.realName === '') return;
  if (matchPhone && facts.phone !== '') {
    refuseUnlessMatch(await checkIdentity(facts.realName, { kind: 'phone', areaCode: facts.areaCode, phone: facts.phone }), 244384, 'your mobile number');
  }
  if (matchCard && input.kind === 'bank' && input.cardNo) {
    const { rows } = await q.query<{ card_type: number }>('SELECT card_type FROM member_bank_cards WHERE member_id = $1 AND card_no = $2', [input.memberId, input.cardNo]);
    const subject: IdentitySubject = { kind: 'bankCard', cardNo: input.cardNo, cardType: rows[0]?.card_type === 1 ? 1 : 0 };
    refuseUnlessMatch(await checkIdentity(facts.realName, subject), 244386, 'the bank card paid');
  }
}

/**
 * Refuses a card bind the brand's rules do not allow: a missing real name or phone 244389,
 * an unverified ID card 244359; a holder name other than the member's real name 244385
 * (and, when the brand asks, the provider's check of the holder against the card: 244385,
 * 244387 for a card it cannot check).
 */
export async function assertIdentityForCardBind(q: Queryable, siteId: number, memberId: number, card: { cardNo: string; type: 0 | 1; realName: string }): Promise<void> {
  const requires = await configValue<BindFact[]>(q, siteId, 'identity_bind_card_requires');
  const matchCard = (await configValue<string>(q, siteId, 'identity_match_bank_card')) === '1';
  if (requires.length === 0 && !matchCard) return;
  const facts = await identityFactsOf(q, memberId);
  const lacking = requires.filter((fact) => (fact === 'realName' ? facts.realName === '' : fact === 'phone' ? facts.phone === '' : !facts.idCardVerified));
  if (lacking.includes('realName') || lacking.includes('phone')) throw new BusinessError('identityNoRealNameOrPhoneAgain', `before binding a card this site asks for: ${lacking.join(', ')}`, { missing: lacking });
  if (lacking.includes('idCard')) throw new BusinessError('identityRequired244359', 'verify your ID card before binding a card', { missing: lacking });
  if (facts.realName !== '' && card.realName.trim() !== facts.realName) throw new BusinessError('identityMismatch244385', "the card holder's name is not your real name");
  if (matchCard) refuseUnlessMatch(await checkIdentity(card.realName.trim(), { kind: 'bankCard', cardNo: cardDigits(card.cardNo), cardType: card.type }), 244385, 'the card');
}

/**
 * Takes one of today's ID card checks for the member in one statement (today's count grows
 * by one, or starts at 1 on a new day), so checks sent at once cannot all read the same
 * count and pass the daily limit together. Answers which check of the day this is (1 to
 * ID_CARD_ATTEMPTS_PER_DAY), or null when none is left today.
 */
async function reserveIdCardCheck(q: Queryable, memberId: number, now: Date): Promise<number | null> {
  const { rows } = await q.query<{ fail_count: number }>(
    `INSERT INTO member_identity AS i (member_id, fail_day, fail_count) VALUES ($1, $2::date, 1)
     ON CONFLICT (member_id) DO UPDATE
       SET fail_count = CASE WHEN i.fail_day = EXCLUDED.fail_day THEN i.fail_count + 1 ELSE 1 END, fail_day = EXCLUDED.fail_day
       WHERE i.fail_day IS DISTINCT FROM EXCLUDED.fail_day OR coalesce(i.fail_count, 0) < $3
     RETURNING fail_count`,
    [memberId, dayOf(now), ID_CARD_ATTEMPTS_PER_DAY],
  );
  return rows[0] ? Number(rows[0].fail_count) : null;
}

/** Gives a reserved check back (the provider matched, failed or could not check: only a mismatch counts). */
async function releaseIdCardCheck(q: Queryable, memberId: number, now: Date): Promise<void> {
  await q.query('UPDATE member_identity SET fail_count = fail_count - 1 WHERE member_id = $1 AND fail_day = $2::date AND fail_count > 0', [memberId, dayOf(now)]);
}

/**
 * Verifies the member's real name with an ID card through the provider. A match stores
 * the card's SHA-256 and last 4 characters and sets the real name when the member had none;
 * a mismatch counts toward today's attempts (244394, the last one 244395, then 244395 until
 * tomorrow without asking the provider); unsupported 244387; a provider failure counts nothing.
 * The attempt is reserved before the provider is asked and given back unless it mismatched.
 */
export async function verifyIdCard(q: Queryable, memberId: number, realName: string, idCardNo: string, now: Date): Promise<void> {
  const facts = await identityFactsOf(q, memberId);
  if (facts.idCardVerified) throw new BusinessError('identityAlreadyVerified', 'your identity is already verified');
  const name = realName.trim();
  if (facts.realName !== '' && facts.realName !== name) throw new BusinessError('identityIdCardMismatch', 'realName: not the real name on your account');
  const fails = await reserveIdCardCheck(q, memberId, now);
  if (fails === null) throw new BusinessError('identityIdCardMismatchAgain', `no ID card check left today (${ID_CARD_ATTEMPTS_PER_DAY} a day)`);
  const card = idCardNo.toUpperCase();
  const answer = await checkIdentity(name, { kind: 'idCard', idCardNo: card });
  if (answer === 'mismatch') {
    const last = fails >= ID_CARD_ATTEMPTS_PER_DAY;
    throw new BusinessError(last ? 'identityIdCardMismatchAgain' : 'identityIdCardMismatch', `the name does not match the ID card (${Math.max(0, ID_CARD_ATTEMPTS_PER_DAY - fails)} checks left today)`, { attemptsLeftToday: Math.max(0, ID_CARD_ATTEMPTS_PER_DAY - fails) });
  }
  await releaseIdCardCheck(q, memberId, now);
  refuseUnlessMatch(answer, 244394, 'the ID card');
  await q.query(
    `INSERT INTO member_identity (member_id, id_card_sha256, id_card_last4, verified_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id) DO UPDATE SET id_card_sha256 = EXCLUDED.id_card_sha256, id_card_last4 = EXCLUDED.id_card_last4, verified_at = EXCLUDED.verified_at`,
    [memberId, createHash('sha256').update(card).digest('hex'), card.slice(-4), now],
  );
  if (facts.realName === '') await q.query("UPDATE members SET real_name = $2 WHERE id = $1 AND real_name = ''", [memberId, name]);
}
