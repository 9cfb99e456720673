/**
 * The topic layout (docs/CHAT.md): one topic per room, one inbox per broker login. Only
 * the server publishes; a visitor may subscribe to the room its connector named and, when
 * logged in, to its own inbox (named by its broker username, so a Mosquitto ACL pattern
 * `lobby/inbox/%u` enforces the same rule).
 *
 * @example roomTopic(4, 1) // 'lobby/room/4/1'
 */
export function roomTopic(siteId: number, roomId: number): string {
  return `lobby/room/${siteId}/${roomId}`;
}

/** A broker login's own inbox. @example inboxTopic('m-ab12') // 'lobby/inbox/m-ab12' */
export function inboxTopic(username: string): string {
  return `lobby/inbox/${username}`;
}

/** What the server publishes on a room topic or an inbox, as JSON. */
export type ChatEvent =
  | { type: 'message'; message: unknown }
  | { type: 'delete'; id: number }
  | { type: 'pin'; message: unknown | null }
  | { type: 'muted'; banReason: string; unbanTime: number }
  | { type: 'unmuted' }
  /** A studio table's state (studio/tables/), on its own read-only topic `studio/tables/<tableId>`. */
  | { type: 'table'; state: unknown };
