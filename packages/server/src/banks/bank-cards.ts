import type { CallResponse, memberBankList } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { plainText } from './plain-text.js';

/** A member binds at most this many cards (the spec shows none; a real operator caps them). */
export const BANK_CARD_LIMIT = 5;

type BankCard = CallResponse<typeof memberBankList>['list'][number];

/**
 * A bank card number as stored: spaces and dashes dropped, then 16 to 19 digits that pass
 * the Luhn check (every UnionPay debit and credit card number does).
 *
 * @example normalisedCardNo('6222 0212 3456 7890 128') // '6222021234567890128' when the check digit fits
 */
export function normalisedCardNo(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{16,19}$/.test(digits)) return undefined;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0 ? digits : undefined;
}

interface Row {
  id: number;
  card_type: number;
  bank_name: string;
  card_no: string;
  real_name: string;
  created_at: Date;
}

const cardOf = (r: Row): BankCard => ({
  id: Number(r.id), type: r.card_type === 1 ? 1 : 0, bankName: r.bank_name, cardNo: `**** ${r.card_no.slice(-4)}`,
  realName: r.real_name, createdAt: new Date(r.created_at).toISOString(),
});

/** The member's cards, newest first; card numbers masked to the last 4 digits. */
export async function bankCardsOf(q: Queryable, memberId: number): Promise<BankCard[]> {
  const { rows } = await q.query<Row>('SELECT * FROM member_bank_cards WHERE member_id = $1 ORDER BY id DESC', [memberId]);
  return rows.map(cardOf);
}

/** Whether the member has bound a bank card (MemberInfo's `has_bank`). */
export async function hasBankCard(q: Queryable, memberId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM member_bank_cards WHERE member_id = $1 LIMIT 1', [memberId]);
  return rows.length > 0;
}

/** Binds a card; refuses an invalid number, a duplicate, or a sixth card. */
export async function bindCard(
  q: Queryable,
  memberId: number,
  input: { type: 0 | 1; bankName: string; cardNo: string; realName: string },
): Promise<BankCard> {
  const cardNo = normalisedCardNo(input.cardNo);
  if (!cardNo) throw new BusinessError('bankCardInvalid', 'cardNo: 16 to 19 digits with a valid check digit');
  const bankName = plainText('bankName', input.bankName);
  const realName = plainText('realName', input.realName);
  const { rows: count } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM member_bank_cards WHERE member_id = $1', [memberId]);
  if (count[0]!.n >= BANK_CARD_LIMIT) throw new BusinessError('bankCardLimit', `at most ${BANK_CARD_LIMIT} bank cards`);
  const { rows } = await q.query<Row>(
    `INSERT INTO member_bank_cards (member_id, card_type, bank_name, card_no, real_name) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id, card_no) DO NOTHING RETURNING *`,
    [memberId, input.type, bankName, cardNo, realName],
  );
  if (!rows[0]) throw new BusinessError('bankCardDuplicate', 'this card is already bound');
  return cardOf(rows[0]);
}

/** Deletes one of the member's cards; another member's id is not found. */
export async function deleteCard(q: Queryable, memberId: number, id: number): Promise<{ id: number }> {
  const { rows } = await q.query('DELETE FROM member_bank_cards WHERE id = $1 AND member_id = $2 RETURNING id', [id, memberId]);
  if (rows.length === 0) throw new BusinessError('bankCardNotFound', `no bank card ${id}`);
  return { id };
}
