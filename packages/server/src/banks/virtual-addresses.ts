import { virtualAddressFor, type CallResponse, type virtualCurrencyList } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { plainText } from './plain-text.js';

/** A member keeps at most this many addresses (all protocols together). */
export const VIRTUAL_ADDRESS_LIMIT = 10;

type VirtualAddress = CallResponse<typeof virtualCurrencyList>['list'][number];

interface Row {
  id: number;
  protocol: number;
  address: string;
  alias: string;
  created_at: Date;
}

const addressOf = (r: Row): VirtualAddress => ({
  id: Number(r.id), protocol: r.protocol as VirtualAddress['protocol'], address: r.address, alias: r.alias, createdAt: new Date(r.created_at).toISOString(),
});

/** The member's addresses, newest first; `protocols` narrows the list (e-wallets). */
export async function addressesOf(q: Queryable, memberId: number): Promise<VirtualAddress[]> {
  const { rows } = await q.query<Row>('SELECT * FROM member_virtual_addresses WHERE member_id = $1 ORDER BY id DESC', [memberId]);
  return rows.map(addressOf);
}

/** Adds an address; refuses a wrong shape for the protocol, a duplicate, or an eleventh address. */
export async function insertAddress(q: Queryable, memberId: number, input: { protocol: number; address: string; alias?: string | undefined }): Promise<VirtualAddress> {
  const address = virtualAddressFor(input.protocol, input.address);
  if (!address) throw new BusinessError('virtualAddressInvalid', `address: not a valid address for protocol ${input.protocol}`);
  const { rows: count } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM member_virtual_addresses WHERE member_id = $1', [memberId]);
  if (count[0]!.n >= VIRTUAL_ADDRESS_LIMIT) throw new BusinessError('virtualAddressLimit', `at most ${VIRTUAL_ADDRESS_LIMIT} addresses`);
  const { rows } = await q.query<Row>(
    `INSERT INTO member_virtual_addresses (member_id, protocol, address, alias) VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id, protocol, address) DO NOTHING RETURNING *`,
    [memberId, input.protocol, address, plainText('alias', input.alias ?? '', { allowEmpty: true })],
  );
  if (!rows[0]) throw new BusinessError('virtualAddressDuplicate', 'this address is already added');
  return addressOf(rows[0]);
}

/** Deletes one of the member's addresses (only of `protocols` when given); another member's id is not found. */
export async function deleteAddress(q: Queryable, memberId: number, id: number, protocols?: readonly number[]): Promise<{ id: number }> {
  const only = protocols ? ` AND protocol IN (${protocols.map((p) => Number(p)).join(', ')})` : '';
  const { rows } = await q.query(`DELETE FROM member_virtual_addresses WHERE id = $1 AND member_id = $2${only} RETURNING id`, [id, memberId]);
  if (rows.length === 0) throw new BusinessError('virtualAddressNotFound', `no address ${id}`);
  return { id };
}
