import {
  VIDEO_HOST_DEMO_API_TOKEN, VIDEO_HOST_DEMO_SIGN_KEY, VIDEO_HOST_DEMO_X1_KEY, VIDEO_HOST_SANDBOX_BASES,
  createHostRotation, createVideoHostClient, type HostRotation, type VideoHostClient,
} from '@lobby/sdk';

let shared: VideoHostClient | undefined;
let domainsAsked: Promise<void> | undefined;

/**
 * The site's one video host client: its rotation over the stored domain list (localStorage)
 * and the host's public client configuration (the sandbox's demo values; docs/LIVE-VIDEO.md).
 *
 * @example const { urls } = await videoHostClient().call('urls', { roomId });
 */
export function videoHostClient(): VideoHostClient {
  shared ??= createVideoHostClient({
    rotation: createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES }),
    signKey: VIDEO_HOST_DEMO_SIGN_KEY,
    x1Key: VIDEO_HOST_DEMO_X1_KEY,
    apiToken: VIDEO_HOST_DEMO_API_TOKEN,
  });
  return shared;
}

/**
 * Refreshes the stored domain list from the host's domains call, once a page (spec section
 * 7: the rotating host is chosen over a stored list of two hosts); a failure keeps the
 * stored list. The player awaits it before asking for a room's address.
 *
 * @example await videoHostsRefreshed(); await videoHostClient().call('urls', { roomId })
 */
export function videoHostsRefreshed(client: VideoHostClient = videoHostClient()): Promise<void> {
  if (client !== shared) return client.refreshDomains().then(() => undefined, () => undefined);
  domainsAsked ??= client.refreshDomains().then(() => undefined, () => undefined);
  return domainsAsked;
}

/** The host base a stream url belongs to (the longest listed base it starts with). */
export function hostOf(url: string, rotation: HostRotation): string | undefined {
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  return rotation.ordered().filter((base) => path.startsWith(`${base}/`)).sort((a, b) => b.length - a.length)[0];
}

/** The sources in the order to try them: the rotation's current host first; urls of unknown hosts last, as given. */
export function sourcesInOrder(sources: readonly string[], rotation: HostRotation): string[] {
  const order = rotation.ordered();
  const rank = (url: string) => {
    const host = hostOf(url, rotation);
    return host === undefined ? order.length : order.indexOf(host);
  };
  return [...sources].map((url, index) => ({ url, index, rank: rank(url) })).sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.url);
}
