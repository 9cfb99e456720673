import type { FastifyInstance } from 'fastify';
import { boardTopic, fixtureTopic, type Fixture, type Market, type SportKind, type SportsPushEvent, type SportsPushLoginItem } from '@lobby/sdk';
import { issueCredential } from '../chat/credentials.js';
import type { ChatEvent } from '../chat/topics.js';

/**
 * The live push of fixtures and odds over the chat broker (docs/SPORTS.md, "The push"),
 * exactly like the studio's tables: the server publishes, a page reads with a broker login
 * whose one readable topic is `sports/fixtures/<id>` (the fixture and its changed markets)
 * or `sports/board/<kind>` (every fixture change of the kind, no markets).
 */
export interface SportsPushService {
  publish(change: { fixture: Fixture; markets: Market[] }): Promise<void>;
  logins(memberId: number | null, topics: string[]): Promise<SportsPushLoginItem[]>;
  brokerUrl(origin: string): string;
}

// The chat broker publishes any JSON event; ChatEvent lists the chat's own (a sports push is not one of them).
const asChatEvent = (event: SportsPushEvent) => event as unknown as ChatEvent;

export function chatBrokerSportsPush(app: FastifyInstance): SportsPushService {
  return {
    async publish({ fixture, markets }) {
      const deliveries = [app.chat.deliver(fixtureTopic(fixture.id), asChatEvent({ type: 'sportsFixture', fixture, markets }))];
      // The board carries fixture changes only (a fixture change comes without markets; odds changes leave the board alone).
      if (markets.length === 0) deliveries.push(app.chat.deliver(boardTopic(fixture.kind as SportKind), asChatEvent({ type: 'sportsBoard', fixture })));
      await Promise.all(deliveries);
    },
    async logins(memberId, topics) {
      const publisher = await app.chat.publisher();
      const logins: SportsPushLoginItem[] = [];
      for (const topic of topics) {
        const login = await issueCredential(app.lobby.db, { memberId, roomTopic: topic, nowMs: app.lobby.providers.clock.now() });
        await publisher.admit?.({ username: login.username, password: login.password, clientId: login.clientId, topics: [topic] }, []);
        logins.push({ topic, clientId: login.clientId, username: login.username, password: login.password, expiresAtMs: login.expiresAtMs });
      }
      return logins;
    },
    brokerUrl: (origin) => app.chat.brokerUrl(origin),
  };
}
