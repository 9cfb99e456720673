import type { Queryable } from '../db/database.js';
import { defaultSetup, insertRoom } from '../chat/room-repository.js';

/** The home-page room of each demo brand: room 1 on site 4, room 2 on site 8. */
export const SEED_CHAT_ROOMS = [
  { id: 1, siteId: 4, topic: 'Lobby live room' },
  { id: 2, siteId: 8, topic: 'Aurora live room' },
] as const;

/**
 * Seeds a live room on each brand's home page with welcome messages split by priority.
 *
 * @example await seedChat(tx);
 */
export async function seedChat(tx: Queryable): Promise<void> {
  for (const room of SEED_CHAT_ROOMS) {
    const setup = defaultSetup(room.topic);
    setup.welcome = [
      { priority: 1, content: 'Welcome to the live room! Be kind and have fun.' },
      { priority: 0, content: 'Admins may mute members who spam or insult others.' },
    ];
    await insertRoom(tx, { id: room.id, siteId: room.siteId, setup, isHome: true });
  }
}
