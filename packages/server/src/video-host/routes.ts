import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findRepoRoot } from '../http/repo-paths.js';
import { sandboxHostApi } from './host-api.js';
import { videoSandboxDoors } from './sandbox-doors.js';
import { SandboxVideoHost } from './sandbox-video-host.js';
import { NO_VIDEO_HOST, type VideoHost } from './video-host.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The video host adapter: a real one plugged in, else the sandbox video host, else (sandbox off) NO_VIDEO_HOST. */
    videoHost: VideoHost;
    /** The sandbox video host (its doors, and tests, reach it here); absent with LOBBY_SANDBOX=off. */
    videoHostSandbox?: SandboxVideoHost;
  }
}

/**
 * The sandbox video host (a third party behind the VideoHost adapter) and its streams
 * (issue 19; docs/LIVE-VIDEO.md): sets `app.videoHost` unless one is plugged in, serves
 * the host's API and live streams at /sandbox/video/a and /sandbox/video/b, and its doors.
 * Its sport rooms cover the sandbox feed's matches in play by themselves (sandbox-rooms.ts coverOf).
 * With LOBBY_SANDBOX=off none of it exists: /sandbox/video/* is not served (404) and, unless a
 * real host is plugged in, `app.videoHost` is NO_VIDEO_HOST (no rooms, no streams).
 */
export function videoHostRoutes(app: FastifyInstance): void {
  if (!app.lobby.config.sandbox) {
    if (!app.hasDecorator('videoHost')) app.decorate('videoHost', NO_VIDEO_HOST);
    return;
  }
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
