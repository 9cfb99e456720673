import type { FastifyInstance } from 'fastify';

/** Work an instance does on a timer while it listens: sweeps, settlements, syncs, purges. */
export interface ListeningJob {
  /** Named in the warning a failed run logs (`<name> failed`). */
  name: string;
  everyMs: number;
  /** Runs once as the server starts listening too, not only from the first tick. */
  atStart?: boolean;
  run: () => Promise<unknown>;
}

/**
 * Runs `job.run` every `everyMs` while the app listens (an app built for `inject()` runs
 * none): a tick while the last run is still going is skipped, so runs never overlap; a
 * failure is logged as a warning and the next tick runs again; the timer never keeps the
 * process alive and stops when the app closes.
 */
export function runWhileListening(app: FastifyInstance, job: ListeningJob): void {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    job.run()
      .catch((error: unknown) => app.log.warn({ err: error }, `${job.name} failed`))
      .finally(() => {
        running = false;
      });
  };
  app.addHook('onListen', async () => {
    if (job.atStart) tick();
    timer = setInterval(tick, job.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
