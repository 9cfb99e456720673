/** hls.js retries a failed load this often before the error is fatal and the player moves host. */
const LOAD_POLICY = {
  default: {
    maxTimeToFirstByteMs: 6000,
    maxLoadTimeMs: 12_000,
    timeoutRetry: { maxNumRetry: 1, retryDelayMs: 0, maxRetryDelayMs: 0 },
    errorRetry: { maxNumRetry: 2, retryDelayMs: 500, maxRetryDelayMs: 1000 },
  },
};

/** Segments from the live edge playback starts at (the host's LIVE_SYNC_SEGMENTS). */
const LIVE_SYNC_SEGMENTS = 3;

export interface Attachment {
  detach(): void;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * Whether the browser's own player should play HLS: only where there is no MediaSource
 * (iOS Safari). Chromium 14x also answers "maybe" to HLS, but its built-in HLS does not
 * promise VP9 in fMP4 and reports no error we could act on, so MSE with hls.js wins there.
 */
export function playsNatively(video: HTMLVideoElement): boolean {
  return typeof MediaSource === 'undefined' && video.canPlayType(HLS_TYPE) !== '';
}

/**
 * Plays an HLS url in a video element: natively where the browser needs no help, else
 * with hls.js (light build, its own lazily loaded chunk, no worker, so no blob: script).
 * `onFatal` is called once when the stream cannot go on.
 */
export async function attachStream(video: HTMLVideoElement, url: string, onFatal: () => void): Promise<Attachment> {
  if (playsNatively(video)) {
    const failed = () => onFatal();
    video.addEventListener('error', failed, { once: true });
    video.src = url;
    return {
      detach() {
        video.removeEventListener('error', failed);
        video.removeAttribute('src');
        video.load();
      },
    };
  }
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    onFatal();
    return { detach() {} };
  }
  const hls = new Hls({
    enableWorker: false,
    liveSyncDurationCount: LIVE_SYNC_SEGMENTS,
    manifestLoadPolicy: LOAD_POLICY,
    playlistLoadPolicy: LOAD_POLICY,
    fragLoadPolicy: LOAD_POLICY,
  });
  let done = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal || done) return;
    done = true;
    onFatal();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    detach() {
      done = true;
      hls.destroy();
    },
  };
}
