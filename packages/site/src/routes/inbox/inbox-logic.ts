import type { Message, MessageCounts } from '@lobby/sdk';

/** One inbox tab: a message type and the unread counter it shows (spec section 3). */
export interface InboxTab {
  type: 0 | 1 | 2 | 3;
  counter: 'activityCount' | 'depositWithDrawCount' | 'noticeCount' | 'privateCount';
  label: 'activity' | 'recharge' | 'announcement' | 'private';
}

/** The tabs in the spec's order: activity, recharge (deposit/withdrawal), announcement (notices), private. */
export const INBOX_TABS: readonly InboxTab[] = [
  { type: 1, counter: 'activityCount', label: 'activity' },
  { type: 3, counter: 'depositWithDrawCount', label: 'recharge' },
  { type: 2, counter: 'noticeCount', label: 'announcement' },
  { type: 0, counter: 'privateCount', label: 'private' },
];

/**
 * The tabs a member sees: the deposit/withdrawal tab only when the counts say so
 * (`showDwTab`), or while it is the open tab.
 *
 * @example visibleTabs({ ...counts, showDwTab: false }, 1).map((tab) => tab.type) // [1, 2, 0]
 */
export function visibleTabs(counts: MessageCounts, openType: number): InboxTab[] {
  return INBOX_TABS.filter((tab) => tab.type !== 3 || counts.showDwTab || openType === 3);
}

/** Pages of `size` for `total` items; at least one, so an empty list still shows page 1 of 1. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The list after one message was read: only that message changes. */
export function withRead(list: readonly Message[], id: number): Message[] {
  return list.map((message) => (message.id === id ? { ...message, isRead: true } : message));
}

/** The list after a one-key read (every message read), or after a batch read of `ids`. */
export function allRead(list: readonly Message[], ids?: ReadonlySet<number>): Message[] {
  return list.map((message) => (message.isRead || (ids && !ids.has(message.id)) ? message : { ...message, isRead: true }));
}

/** The selection with `id` added or taken out. */
export function toggled(selected: ReadonlySet<number>, id: number, on: boolean): ReadonlySet<number> {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * How much of the shown page is selected, for the select-page box ('some' shows it mixed).
 *
 * @example pageSelection([message(1), message(2)], new Set([2])) // 'some'
 */
export function pageSelection(list: readonly Message[], selected: ReadonlySet<number>): 'none' | 'some' | 'all' {
  const picked = list.filter((message) => selected.has(message.id)).length;
  return picked === 0 ? 'none' : picked === list.length ? 'all' : 'some';
}

/**
 * The page to load after deleting `deleted` messages from page `page`: the same page,
 * or the one before when the deletion emptied the last page.
 *
 * @example pageAfterDelete(3, 41, 1, 20) // 2 (page 3 held the 41st message only)
 */
export function pageAfterDelete(page: number, total: number, deleted: number, size: number): number {
  return Math.min(page, pageCount(Math.max(0, total - deleted), size));
}
