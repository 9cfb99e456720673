import { once } from 'node:events';
import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, createWebSocketStream } from 'ws';
import { oneFramePerPacket } from './embedded-broker.js';

/** Frames a WebSocket client receives while the server writes one MQTT PUBLISH as aedes does. */
async function framesForOnePublish(wrap: boolean): Promise<{ frames: number; bytes: Buffer }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const [socket] = (await once(server, 'connection')) as [WebSocket];
  await once(client, 'open');
  const received: Buffer[] = [];
  client.on('message', (data: Buffer) => received.push(data));
  const stream = wrap ? oneFramePerPacket(createWebSocketStream(socket), socket) : createWebSocketStream(socket);
  const packet = { cmd: 'publish' as const, topic: 'lobby/room/4/1', payload: Buffer.from('{"type":"message"}'), qos: 0 as const, retain: false, dup: false };
  mqttPacket.writeToStream(packet, stream);
  const expected = mqttPacket.generate(packet);
  while (Buffer.concat(received).length < expected.length) await new Promise((resolve) => setTimeout(resolve, 5));
  client.terminate();
  socket.terminate();
  await new Promise((resolve) => server.close(resolve));
  expect(Buffer.concat(received)).toEqual(expected);
  return { frames: received.length, bytes: Buffer.concat(received) };
}

describe('embedded broker WebSocket stream', () => {
  it('sends each MQTT packet as one WebSocket frame (ws alone sends one frame per piece)', async () => {
    expect((await framesForOnePublish(false)).frames).toBeGreaterThan(1);
    expect((await framesForOnePublish(true)).frames).toBe(1);
  });
});
