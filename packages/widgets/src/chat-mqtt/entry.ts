// dist/lobby-chat-mqtt.js: mqtt.js (about 97 KB gzip) as its own file. <lobby-chat-box>
// adds it with a script element only when a room opens; while it runs, it hands mqtt.js's
// connect to that element in a MQTT_READY_EVENT, so it leaves nothing on `window`.
import mqtt from 'mqtt';
import { MQTT_READY_EVENT, type MqttModule } from '../chat-box/transport.js';

const script = typeof document === 'undefined' ? null : document.currentScript;
script?.dispatchEvent(new CustomEvent<MqttModule>(MQTT_READY_EVENT, { detail: { connect: mqtt.connect as unknown as MqttModule['connect'] } }));
