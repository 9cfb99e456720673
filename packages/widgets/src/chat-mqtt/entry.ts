// dist/lobby-chat-mqtt.js: mqtt.js (about 97 KB gzip) as its own file. <lobby-chat-box>
// adds it with a script element only when a room opens; it sets `window.LobbyChatMqtt`.
import mqtt from 'mqtt';

if (typeof window !== 'undefined') {
  (window as unknown as { LobbyChatMqtt: unknown }).LobbyChatMqtt = { connect: mqtt.connect };
}
