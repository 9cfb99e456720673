/** The part of an mqtt.js client the chat box uses. */
export interface MqttLike {
  on(event: 'connect' | 'close' | 'offline', listener: () => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Uint8Array) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  subscribe(topics: string[], options: { qos: 0 }, callback?: (error: Error | null) => void): unknown;
  end(force?: boolean): unknown;
}

/** What dist/lobby-chat-mqtt.js hands over: mqtt.js's connect. */
export interface MqttModule {
  connect(url: string, options: Record<string, unknown>): MqttLike;
}

/**
 * lobby-chat-mqtt.js dispatches this event, with the MqttModule as detail, on its own
 * script element while it runs: the loader listens there, so the file needs no global.
 */
export const MQTT_READY_EVENT = 'lobby-chat-mqtt';

/**
 * The Trusted Types policy the chat box loads its MQTT file through. A page that requires
 * Trusted Types lists it: `trusted-types lobby`.
 */
export const TRUSTED_TYPES_POLICY = 'lobby';

const MQTT_FILE = 'lobby-chat-mqtt.js';
let loading: Promise<MqttModule> | undefined;
let loaded: MqttModule | undefined;

/** Where the MQTT file lives: beside the chat box script, else /widgets/. */
export function mqttFileUrl(scriptSrc: string | undefined): string {
  return new URL(MQTT_FILE, scriptSrc || new URL('/widgets/', location.href).href).href;
}

/**
 * An MQTT file may come only from the page's origin or the chat box file's, over http(s):
 * the `mqtt-src` attribute must not let injected markup load a script from anywhere.
 */
export function isAllowedMqttUrl(url: string, scriptSrc: string | undefined): boolean {
  const target = new URL(url, location.href);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  const origins = [location.origin, ...(scriptSrc ? [new URL(scriptSrc, location.href).origin] : [])];
  return origins.includes(target.origin);
}

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
type PolicyFactory = { createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy };

let policy: ScriptUrlPolicy | null | undefined;
/** URLs `isAllowedMqttUrl` passed: the only ones the policy turns into script URLs. */
const approved = new Set<string>();

/**
 * The `lobby` Trusted Types policy, created once on first use (so a page without a chat
 * room sees no policy at all); null where the browser has no Trusted Types or the page
 * does not allow the name. It passes only the approved URLs.
 */
function scriptUrlPolicy(): ScriptUrlPolicy | null {
  if (policy !== undefined) return policy;
  policy = null;
  const factory = (globalThis as { trustedTypes?: PolicyFactory }).trustedTypes;
  try {
    policy = factory?.createPolicy(TRUSTED_TYPES_POLICY, {
      createScriptURL(url) {
        if (!approved.has(url)) throw new TypeError(`lobby: refused script URL ${url}`);
        return url;
      },
    }) ?? null;
  } catch {
    // The page's CSP does not allow the name: the plain URL goes to the page's default policy, if any.
  }
  return policy;
}

/**
 * Loads mqtt.js once, with a script element through the `lobby` Trusted Types policy, only
 * when a room opens. A failure is not kept: the next call tries again (the room session
 * spaces its calls with `backoffMs`).
 *
 * @example const mqtt = await loadMqtt(mqttFileUrl(src), src); const client = mqtt.connect(url, options);
 */
export function loadMqtt(url: string, scriptSrc?: string): Promise<MqttModule> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= injectScript(url, scriptSrc).then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function injectScript(url: string, scriptSrc: string | undefined): Promise<MqttModule> {
  return new Promise<MqttModule>((resolve, reject) => {
    if (!isAllowedMqttUrl(url, scriptSrc)) throw new Error(`lobby-chat-box: ${url} is not on this page's or the widget's origin`);
    approved.add(url);
    const script = document.createElement('script');
    let module: MqttModule | undefined;
    script.addEventListener(MQTT_READY_EVENT, (event) => (module = (event as CustomEvent<MqttModule>).detail), { once: true });
    const trusted = scriptUrlPolicy();
    // A page requiring Trusted Types without a policy for us throws here: the promise rejects.
    (script as unknown as { src: unknown }).src = trusted ? trusted.createScriptURL(url) : url;
    script.async = true;
    script.onload = () => {
      script.remove();
      if (module) resolve(module);
      else reject(new Error(`${url} did not hand over mqtt.js`));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`cannot load ${url}`));
    };
    document.head.append(script);
  });
}

/** Reconnect delays: 1 s doubling to 30 s, with jitter so a room does not reconnect at once. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.75 + random() * 0.5));
}
