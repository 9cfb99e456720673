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
  close(): Promise<void>;
}

/**
 * The external broker (Mosquitto here, EMQX at scale) through mqtt.js; the server logs in
 * as its publisher. The client connects and reconnects in the background; a publish while
 * it is away waits in mqtt.js's queue (ChatService.deliver stops waiting after 2 s).
 */
export async function externalPublisher(mqttUrl: string, publicWsUrl: string): Promise<ChatPublisher> {
  const { connect } = await import('mqtt');
  const client = connect(mqttUrl, { clientId: `lobby-server-${process.pid}-${Date.now()}`, reconnectPeriod: 1000 });
  client.on('error', () => undefined); // Reconnects on its own; errors must not crash the server.
  return {
    async publish(topic, event) {
      await client.publishAsync(topic, JSON.stringify(event), { qos: 0 });
    },
    brokerUrl: () => publicWsUrl,
    async close() {
      await client.endAsync(true);
    },
  };
}
