import type { MqttClient } from 'mqtt';

/** Mosquitto's dynamic-security control topic; answers come on `<topic>/response`. */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';

/** How long a login waits for Mosquitto to confirm it before the connector call fails. */
const DYNSEC_WAIT_MS = 5000;

/** A broker login the connector issued, and the topics it may subscribe to. */
export interface BrokerLogin {
  username: string;
  password: string;
  /** The only client id Mosquitto lets this login connect with. */
  clientId: string;
  topics: string[];
}

export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}

interface DynsecResponse {
  command: string;
  error?: string;
  correlationData?: string;
}

/** The role a login gets: subscribe to exactly its topics, nothing else (no publish, no wildcards). */
export function roleOf(username: string): string {
  return `lobby-login-${username}`;
}

/**
 * The commands that make a connector login a Mosquitto client: a role allowing a literal
 * subscription to each of its topics (its room, and a member's own inbox) and a client with
 * that password, bound to its client id, and only that role. Mosquitto's default ACL access (publish denied,
 * subscribe denied) does the rest, so the rules equal the embedded broker's.
 *
 * @example admitCommands({ username: 'v-x', password: 'p', clientId: 'v-x', topics: ['lobby/room/4/1'] })
 */
export function admitCommands(login: BrokerLogin): DynsecCommand[] {
  const rolename = roleOf(login.username);
  return [
    { command: 'createRole', rolename, acls: login.topics.map((topic) => ({ acltype: 'subscribeLiteral', topic, allow: true })) },
    { command: 'createClient', username: login.username, password: login.password, clientid: login.clientId, roles: [{ rolename }] },
  ];
}

/** The commands that remove an expired login's client and role. */
export function removeCommands(username: string): DynsecCommand[] {
  return [
    { command: 'deleteClient', username },
    { command: 'deleteRole', rolename: roleOf(username) },
  ];
}

/**
 * Sends dynamic-security commands over the server's own MQTT connection (its login must
 * have the dynsec admin role) and resolves with Mosquitto's answers, matched by
 * correlation data. Rejects when an answer carries an error other than those listed as
 * harmless, or when none arrives in 5 s.
 *
 * @example const admin = dynsecAdmin(client); await admin.run(admitCommands(login));
 */
export function dynsecAdmin(client: MqttClient) {
  const waiting = new Map<string, (responses: DynsecResponse[]) => void>();
  let sequence = 0;
  let subscribed: Promise<unknown> | undefined;
  client.on('message', (topic, payload) => {
    if (topic !== `${DYNSEC_TOPIC}/response`) return;
    let responses: DynsecResponse[] = [];
    try {
      responses = (JSON.parse(payload.toString()) as { responses?: DynsecResponse[] }).responses ?? [];
    } catch {
      return;
    }
    const key = responses[0]?.correlationData?.split(':')[0];
    const resolve = key === undefined ? undefined : waiting.get(key);
    if (!resolve) return;
    waiting.delete(key!);
    resolve(responses);
  });
  return {
    async run(commands: DynsecCommand[], harmless: RegExp = /^$/): Promise<DynsecResponse[]> {
      // Subscribed once (mqtt.js subscribes again after a reconnect); a failed attempt is retried next time.
      subscribed ??= client.subscribeAsync(`${DYNSEC_TOPIC}/response`).catch((error: unknown) => {
        subscribed = undefined;
        throw error;
      });
      await subscribed;
      const key = `c${(sequence += 1)}`;
      const answered = new Promise<DynsecResponse[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(key);
          reject(new Error(`Mosquitto dynamic security did not answer in ${DYNSEC_WAIT_MS} ms`));
        }, DYNSEC_WAIT_MS);
        waiting.set(key, (responses) => {
          clearTimeout(timer);
          resolve(responses);
        });
      });
      const tagged = commands.map((command, index) => ({ ...command, correlationData: `${key}:${index}` }));
      await client.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands: tagged }));
      const responses = await answered;
      const failed = responses.find((response) => response.error && !harmless.test(response.error));
      if (failed) throw new Error(`Mosquitto dynamic security refused ${failed.command}: ${failed.error}`);
      return responses;
    },
  };
}
