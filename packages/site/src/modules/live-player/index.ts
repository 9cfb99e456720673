/** The live video player (issue 19; docs/LIVE-VIDEO.md). */
export { LivePlayer } from './live-player.js';
export type { LivePlayerProps } from './live-player.js';
export { videoHostClient } from './video-host.js';
