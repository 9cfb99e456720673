import { BusinessError } from '../http/errors.js';
import type { Queryable } from '../db/database.js';
import { hitRate } from '../http/rate-limit.js';
import { toMinor } from '@lobby/sdk';
import { activeMute } from './mute-repository.js';
import { lastSpokeAtMs } from './message-repository.js';
import type { RoomRow } from './room-repository.js';

/** Per-member rate limit over all rooms: 10 messages in 10 s (on top of a room's slow mode). */
export const CHAT_RATE = { messages: 10, windowMs: 10_000 } as const;

/** The speaker as the rules see it. */
export interface Speaker {
  id: number;
  grade: number;
  isChatAdmin: boolean;
  createdAtMs: number;
}

/** Code points, so an emoji or a CJK character counts once (spec section 9, word limit). */
export function wordCount(text: string): number {
  return [...text].length;
}

/** Total confirmed deposits of a member in fen: credits from a payment clearing account. */
async function depositTotalMinor(db: Queryable, memberId: number): Promise<number> {
  const { rows } = await db.query<{ total: string | null }>(
    `SELECT sum(t.amount_minor)::bigint AS total FROM ledger_transfers t
       JOIN ledger_accounts c ON c.id = t.credit_account_id AND c.member_id = $1
       JOIN ledger_accounts d ON d.id = t.debit_account_id AND d.kind LIKE 'payment_clearing%'`,
    [memberId],
  );
  return Number(rows[0]?.total ?? 0);
}

/** The room's speaking conditions (deposit, register time, VIP); admins are exempt. */
export async function checkConditions(db: Queryable, room: RoomRow, speaker: Speaker, nowMs: number): Promise<void> {
  if (speaker.isChatAdmin) return;
  const { depositMin, registerMinutesMin, vipMin } = room.setup.conditions;
  if (speaker.grade < vipMin) throw new BusinessError('chatNeedsVip', `this room needs VIP ${vipMin} to speak`);
  if (registerMinutesMin > 0 && nowMs - speaker.createdAtMs < registerMinutesMin * 60_000) {
    throw new BusinessError('chatNeedsRegisterTime', `this room needs an account older than ${registerMinutesMin} minutes`);
  }
  if (depositMin > 0 && (await depositTotalMinor(db, speaker.id)) < toMinor(depositMin, 2)) {
    throw new BusinessError('chatNeedsDeposit', `this room needs total deposits of ${depositMin} to speak`);
  }
}

/** Refuses a muted member with the reason and the end time (data carries both). */
export async function checkMute(db: Queryable, roomId: number, memberId: number, nowMs: number): Promise<void> {
  const mute = await activeMute(db, roomId, memberId, nowMs);
  if (!mute) return;
  const until = new Date(mute.unbanTime).toISOString();
  throw new BusinessError('chatMuted', `you are muted until ${until}: ${mute.banReason}`, { banReason: mute.banReason, unbanTime: mute.unbanTime });
}

/** Empty and too-long texts are refused; answers the text trimmed. */
export function checkText(content: string, wordLimit: number): string {
  const text = content.trim();
  if (text === '') throw new BusinessError('chatEmpty', 'content: the message is empty');
  const count = wordCount(text);
  if (count > wordLimit) throw new BusinessError('chatTooLong', `content: ${count} characters, the limit is ${wordLimit}`);
  return text;
}

/** Slow mode (seconds between one member's messages in a room) and the per-member rate. */
export async function checkPace(db: Queryable, room: RoomRow, speaker: Speaker, nowMs: number): Promise<void> {
  if (speaker.isChatAdmin) return;
  const slowMs = room.setup.slowModeSeconds * 1000;
  if (slowMs > 0) {
    const last = await lastSpokeAtMs(db, room.id, speaker.id);
    if (last !== null && nowMs - last < slowMs) {
      const waitS = Math.ceil((slowMs - (nowMs - last)) / 1000);
      throw new BusinessError('chatSlowMode', `slow mode: wait ${waitS} s before sending again`, { waitSeconds: waitS });
    }
  }
  const hits = await hitRate(db, { key: `chat-send:${speaker.id}`, windowMs: CHAT_RATE.windowMs }, nowMs);
  if (hits > CHAT_RATE.messages) throw new BusinessError('chatTooFast', `at most ${CHAT_RATE.messages} messages in ${CHAT_RATE.windowMs / 1000} s`);
}
