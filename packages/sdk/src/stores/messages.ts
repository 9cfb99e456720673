import { atom } from 'nanostores';
import type { MessageCounts } from '../contract/index.js';
import { updateStore, type UpdateResult } from './update.js';

/** Message types of the read call (spec section 4, "Application statuses"). */
export const MESSAGE_TYPE = { private: 0, activity: 1, depositWithdraw: 3 } as const;

export const EMPTY_MESSAGE_COUNTS: MessageCounts = Object.freeze({
  activityCount: 0,
  noticeCount: 0,
  depositWithDrawCount: 0,
  privateCount: 0,
  showDwTab: false,
});

/**
 * Unread message counts by type; zero for a visitor and after logout.
 *
 * @example $messages.get().activityCount
 */
export const $messages = atom<MessageCounts>(EMPTY_MESSAGE_COUNTS);

type CountKey = Exclude<keyof MessageCounts, 'showDwTab'>;

/** The counter a message type lowers: 1 activity, 0 private, 3 deposit/withdraw, else notice. */
export function counterOf(type: number): CountKey {
  if (type === MESSAGE_TYPE.activity) return 'activityCount';
  if (type === MESSAGE_TYPE.private) return 'privateCount';
  if (type === MESSAGE_TYPE.depositWithdraw) return 'depositWithDrawCount';
  return 'noticeCount';
}

/**
 * Stores counts from the count call; negative or non-integer counts leave the state unchanged.
 *
 * @example setMessageCounts(await client.call(messageCount, {}))
 */
export function setMessageCounts(counts: MessageCounts): UpdateResult {
  return updateStore($messages, () => {
    for (const key of ['activityCount', 'noticeCount', 'depositWithDrawCount', 'privateCount'] as const) {
      if (!Number.isSafeInteger(counts[key]) || counts[key] < 0) throw new RangeError(`bad ${key}: ${counts[key]}`);
    }
    return { ...counts };
  });
}

/**
 * Lowers the unread counter of a message type after reading, never below 0
 * (spec section 4). `count` is how many were read (one-key read passes the total).
 *
 * @example markRead(1) // activityCount - 1
 */
export function markRead(type: number, count = 1): UpdateResult {
  return updateStore($messages, (current) => {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`bad read count: ${count}`);
    const key = counterOf(type);
    return { ...current, [key]: Math.max(0, current[key] - count) };
  });
}

/** Back to zero counts (logout). @example resetMessages() */
export function resetMessages(): void {
  $messages.set(EMPTY_MESSAGE_COUNTS);
}
