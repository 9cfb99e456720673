/** The video host adapter and its sandbox (issue 19; docs/LIVE-VIDEO.md). */
export { NO_VIDEO_HOST, VideoHostUnavailableError } from './video-host.js';
export type { LiveListQuery, VideoHost } from './video-host.js';
export { SandboxVideoHost, LIVE_PAGE_SIZE_MAX } from './sandbox-video-host.js';
export type { SandboxVideoHostOptions } from './sandbox-video-host.js';
export { LIVE_WINDOW_SEGMENTS, LIVE_SYNC_SEGMENTS, liveDelaySeconds } from './live-playlist.js';
