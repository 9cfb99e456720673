// A WebSocket listener for a Mosquitto built without one (Debian's 2.0.11), in its own
// process so its work does not share the bench's event loop: `/mqtt` with the `mqtt`
// subprotocol, one TCP connection to the broker per WebSocket, frames piped unchanged
// (as tests/support/ws-mqtt-bridge.ts). Usage: node ws-mqtt-bridge.mjs <brokerPort>.
// Prints `READY <ws url>`; exits when its parent closes stdin, or after 10 minutes.
import { createConnection } from 'node:net';
import { WebSocketServer } from 'ws';

const brokerPort = Number(process.argv[2]);
const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/mqtt', handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false) });
server.on('connection', (ws) => {
  const tcp = createConnection({ host: '127.0.0.1', port: brokerPort });
  tcp.setNoDelay(true);
  ws.on('message', (data) => tcp.write(data));
  tcp.on('data', (chunk) => ws.send(chunk, { binary: true }));
  tcp.on('error', () => ws.terminate());
  tcp.on('close', () => ws.close());
  ws.on('error', () => tcp.destroy());
  ws.on('close', () => tcp.end());
});
server.on('listening', () => console.log(`READY ws://127.0.0.1:${server.address().port}/mqtt`));
const quit = () => process.exit(0);
process.stdin.on('end', quit);
process.stdin.on('close', quit);
process.stdin.resume();
setTimeout(quit, 10 * 60_000).unref();
