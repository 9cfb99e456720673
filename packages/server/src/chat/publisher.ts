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

/** The external broker (Mosquitto here, EMQX at scale) through mqtt.js; the server logs in as its publisher. */
export async function externalPublisher(mqttUrl: string, publicWsUrl: string): Promise<ChatPublisher> {
  const { connectAsync } = await import('mqtt');
  const client = await connectAsync(mqttUrl, { clientId: `lobby-server-${process.pid}-${Date.now()}`, reconnectPeriod: 1000 });
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
