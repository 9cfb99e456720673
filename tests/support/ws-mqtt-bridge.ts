import { once } from 'node:events';
import { createConnection, type Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface WsMqttBridge {
  /** The address browsers connect to: `ws://127.0.0.1:<port>/mqtt`. */
  url: string;
  /** How many WebSocket connections the bridge has accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

/**
 * A WebSocket listener for an MQTT broker that speaks only TCP (Debian's Mosquitto 2.0.11
 * has no WebSocket listener): each WebSocket connection on `/mqtt` with the `mqtt`
 * subprotocol gets its own TCP connection to the broker, and binary frames are piped both
 * ways unchanged. Either side closing closes the other.
 *
 * @example const bridge = await startWsMqttBridge({ host: '127.0.0.1', port: 1883 }); ...; await bridge.close();
 */
export async function startWsMqttBridge(broker: { host: string; port: number }): Promise<WsMqttBridge> {
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    path: '/mqtt',
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false),
  });
  await once(server, 'listening');
  const pairs = new Set<{ ws: WebSocket; tcp: Socket }>();
  let accepted = 0;
  server.on('connection', (ws) => {
    accepted += 1;
    const tcp = createConnection(broker);
    const pair = { ws, tcp };
    pairs.add(pair);
    ws.on('message', (data: Buffer) => tcp.write(data));
    tcp.on('data', (chunk) => ws.send(chunk, { binary: true }));
    tcp.on('error', () => ws.terminate());
    tcp.on('close', () => {
      pairs.delete(pair);
      ws.close();
    });
    ws.on('error', () => tcp.destroy());
    ws.on('close', () => tcp.end());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/mqtt`,
    accepted: () => accepted,
    async close() {
      for (const { ws, tcp } of pairs) {
        ws.terminate();
        tcp.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
