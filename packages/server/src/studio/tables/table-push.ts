import type { FastifyInstance } from 'fastify';
import { issueCredential } from '../../chat/credentials.js';
import type { TableState } from './shared-tables.js';

/**
 * The topic a table's state is pushed on. Only the server publishes (the brokers refuse
 * every client publish); a game page reads it with a login issued for exactly this topic.
 *
 * @example tableTopic('live-LBLIVE') // 'studio/tables/live-LBLIVE'
 */
export function tableTopic(tableId: string): string {
  return `studio/tables/${tableId}`;
}

/** What a game page connects with: the chat broker's WebSocket URL and a login for one table topic. */
export interface TableLogin {
  url: string;
  clientId: string;
  username: string;
  password: string;
  topic: string;
  expiresAtMs: number;
}

export interface TablePush {
  publish(state: TableState): Promise<boolean>;
  login(memberId: number | null, tableId: string, origin: string): Promise<TableLogin>;
}

/**
 * Table pushes over the chat broker (chat/): the embedded aedes broker or the external
 * one. A login is a chat broker login whose one readable topic is the table's
 * (`issueCredential` with the table topic as its room), so the brokers' existing rule
 * (read your room and inbox, publish nothing) is exactly the table's.
 */
export function chatBrokerPush(app: FastifyInstance): TablePush {
  return {
    publish: (state) => app.chat.deliver(tableTopic(state.tableId), { type: 'table', state }),
    async login(memberId, tableId, origin) {
      const topic = tableTopic(tableId);
      const login = await issueCredential(app.lobby.db, { memberId, roomTopic: topic, nowMs: app.lobby.providers.clock.now() });
      const publisher = await app.chat.publisher();
      await publisher.admit?.({ username: login.username, password: login.password, clientId: login.clientId, topics: [topic] }, []);
      return { url: app.chat.brokerUrl(origin), clientId: login.clientId, username: login.username, password: login.password, topic, expiresAtMs: login.expiresAtMs };
    },
  };
}
