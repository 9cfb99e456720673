import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findRepoRoot } from '../http/repo-paths.js';
import { sandboxHostApi } from './host-api.js';
import { videoSandboxDoors } from './sandbox-doors.js';
import { SandboxVideoHost } from './sandbox-video-host.js';
import type { VideoHost } from './video-host.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The video host adapter (the sandbox video host unless a real one is plugged in). */
    videoHost: VideoHost;
    /** The sandbox video host (its doors, and tests, reach it here). */
    videoHostSandbox: SandboxVideoHost;
  }
}

/**
 * The sandbox video host (a third party behind the VideoHost adapter) and its streams
 * (issue 19; docs/LIVE-VIDEO.md): sets `app.videoHost` unless one is plugged in, serves
 * the host's API and live streams at /sandbox/video/a and /sandbox/video/b, and its doors.
 * Its sport rooms cover the sandbox feed's matches in play by themselves (sandbox-rooms.ts coverOf).
 */
export function videoHostRoutes(app: FastifyInstance): void {
  // The clips are the server's own assets (not a static folder a test may point elsewhere).
  const clipsDir = join(findRepoRoot(), 'packages/server/assets/video');
  const clock = app.lobby.providers.clock;
  // The sandbox host's anchors talk over the matches the sandbox feed plays (the same make-believe
  // world); read when asked, so the order the route groups are registered in does not matter.
  const inPlay = () => (app.hasDecorator('sportsFeed') ? app.sportsFeed.sandbox?.inPlay() ?? [] : []);
  const host = new SandboxVideoHost({ clipsDir, now: () => clock.now(), inPlay });
  app.decorate('videoHostSandbox', host);
  if (!app.hasDecorator('videoHost')) app.decorate('videoHost', host as VideoHost);
  sandboxHostApi(app, host);
  videoSandboxDoors(app, host);
}
