/** The part of an mqtt.js client the chat box uses. */
export interface MqttLike {
  on(event: 'connect' | 'close' | 'offline', listener: () => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Uint8Array) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  subscribe(topics: string[], options: { qos: 0 }, callback?: (error: Error | null) => void): unknown;
  end(force?: boolean): unknown;
}

/** `window.LobbyChatMqtt`, set by dist/lobby-chat-mqtt.js. */
export interface MqttModule {
  connect(url: string, options: Record<string, unknown>): MqttLike;
}

const MQTT_FILE = 'lobby-chat-mqtt.js';
let loading: Promise<MqttModule> | undefined;

/** Where the MQTT file lives: beside the chat box script, else /widgets/. */
export function mqttFileUrl(scriptSrc: string | undefined): string {
  return new URL(MQTT_FILE, scriptSrc || new URL('/widgets/', location.href).href).href;
}

/**
 * Loads mqtt.js once, with a script element, only when a room opens.
 *
 * @example const mqtt = await loadMqtt(mqttFileUrl(src)); const client = mqtt.connect(url, options);
 */
export function loadMqtt(url: string): Promise<MqttModule> {
  const ready = (window as unknown as { LobbyChatMqtt?: MqttModule }).LobbyChatMqtt;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<MqttModule>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { LobbyChatMqtt?: MqttModule }).LobbyChatMqtt;
      if (loaded) resolve(loaded);
      else reject(new Error('lobby-chat-mqtt.js did not load'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error(`cannot load ${url}`));
    };
    document.head.append(script);
  });
  return loading;
}

/** Reconnect delays: 1 s doubling to 30 s, with jitter so a room does not reconnect at once. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.75 + random() * 0.5));
}
