// Where `npm start` will listen, and whether it can: checked before a build or a migration.
import { createServer } from 'node:net';

/**
 * The server's own defaults (packages/server/src/config.ts, readConfig; a unit test keeps
 * them equal), so the port is checked before a build or a migration, without the build.
 */
export const DEFAULT_HOST = '0.0.0.0';
export const DEFAULT_PORT = 3000;

/**
 * Why the server could not listen on `host`:`port`, or null when it can: binds a probe
 * server there and closes it at once. Port 0 (any free port) is always free.
 *
 * @example await portProblem('127.0.0.1', 3000) // 'lobby: port 3000 on 127.0.0.1 is already in use. ...'
 */
export function portProblem(host, port) {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(describeListenError(error, host, port)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

function describeListenError(error, host, port) {
  const choose = `Stop what holds it, or choose another port with PORT (for example PORT=${port + 1} npm start).`;
  if (error.code === 'EADDRINUSE') return `lobby: port ${port} on ${host} is already in use. ${choose}`;
  if (error.code === 'EACCES') return `lobby: port ${port} on ${host} needs privileges this user lacks. Choose a port above 1023 with PORT (for example PORT=3000 npm start).`;
  return `lobby: cannot listen on ${host}:${port} (${error.code ?? error.message}). Check HOST and PORT.`;
}
