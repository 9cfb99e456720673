import { admitCommands, dynsecAdmin, removeCommands, type BrokerLogin } from './dynsec.js';
import type { ChatEvent } from './topics.js';

/**
 * Where the server publishes room and inbox events: the embedded broker in process, or an
 * external broker (MQTT_URL). Browsers never publish.
 *
 * @example await publisher.publish('lobby/room/4/1', { type: 'message', message });
 */
export interface ChatPublisher {
  publish(topic: string, event: ChatEvent): Promise<void>;
  /** The WebSocket URL browsers connect to, given the API request's origin (`http://host:port`). */
  brokerUrl(requestOrigin: string): string;
  /**
   * Makes a connector login known to the broker with exactly its topics, and forgets the
   * expired logins named in `expired`. Only brokers that keep their own logins have it
   * (Mosquitto with dynamic security); the embedded broker reads them from the database.
   */
  admit?(login: BrokerLogin, expired: string[]): Promise<void>;
  /**
   * Closes the open connections of these logins now (a disabled member's, already ended in
   * the database). The embedded broker closes them; Mosquitto with dynamic security deletes
   * the logins, which disconnects their clients. A broker that checks logins over HTTP at
   * connect time has no such call: its connections stay until they close.
   */
  disconnect?(usernames: string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The external broker (Mosquitto here, EMQX at scale) through mqtt.js; the server logs in
 * as its publisher. The client connects and reconnects in the background; a publish while
 * it is away waits in mqtt.js's queue (ChatService.deliver stops waiting after 2 s).
 * With `dynsec` (MQTT_DYNSEC=on) the server's login is also Mosquitto's dynamic-security
 * admin and registers each connector login there (docs/CHAT.md).
 */
export async function externalPublisher(mqttUrl: string, publicWsUrl: string, { dynsec = false } = {}): Promise<ChatPublisher> {
  const { connect } = await import('mqtt');
  const client = connect(mqttUrl, { clientId: `lobby-server-${process.pid}-${Date.now()}`, reconnectPeriod: 1000 });
  client.on('error', () => undefined); // Reconnects on its own; errors must not crash the server.
  const admin = dynsec ? dynsecAdmin(client) : undefined;
  return {
    async publish(topic, event) {
      await client.publishAsync(topic, JSON.stringify(event), { qos: 0 });
    },
    brokerUrl: () => publicWsUrl,
    ...(admin && {
      async admit(login: BrokerLogin, expired: string[]) {
        // An expired login may already be gone from the broker (an earlier sweep, a manual clean-up).
        await admin.run([...expired.flatMap(removeCommands), ...admitCommands(login)], /not found/i);
      },
      async disconnect(usernames: string[]) {
        // deleteClient kicks the client connected with that username.
        await admin.run(usernames.flatMap(removeCommands), /not found/i);
      },
    }),
    async close() {
      await client.endAsync(true);
    },
  };
}
