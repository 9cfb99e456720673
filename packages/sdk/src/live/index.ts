/** The live video client (issue 19; docs/LIVE-VIDEO.md): host rotation, the md5 sign and x1. */
export { createHostRotation, usableDomains, VIDEO_HOST_DOMAINS_KEPT, VIDEO_HOSTS_STORAGE_KEY } from './host-rotation.js';
export type { HostRotation, HostRotationOptions } from './host-rotation.js';
export { signVideoParams, videoSigningText } from './sign.js';
export type { VideoParams } from './sign.js';
export { decryptX1, encryptX1, X1DecryptError } from './x1.js';
export { createVideoHostClient, VideoHostError } from './video-host-client.js';
export type { VideoHostClient, VideoHostClientOptions } from './video-host-client.js';
export { liveMatchOf } from './live-match.js';
