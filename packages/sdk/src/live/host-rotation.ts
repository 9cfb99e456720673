import { VIDEO_HOST_ERROR_LIMIT } from '../contract/calls/video-host.js';
import { localStore, type KeyValueStorage } from '../stores/storage.js';

/** Where the domain list and its error counters are kept (localStorage in a browser). */
export const VIDEO_HOSTS_STORAGE_KEY = 'lobby.videoHosts';

/** Spec section 7 "Video host": the stored domain list holds two hosts. */
export const VIDEO_HOST_DOMAINS_KEPT = 2;

/** A host base a page may call and play from: a same-origin path, or an https origin with an optional path. */
const HOST_BASE = /^(\/(?!\/)[A-Za-z0-9._~%/-]*|https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~%/-]*)?)$/;

/**
 * The hosts of a domains answer worth keeping: host bases only (a same-origin path or an
 * https origin; anything else, such as `javascript:` or another scheme, is dropped), each
 * once, without a trailing slash, the first VIDEO_HOST_DOMAINS_KEPT of them.
 *
 * @example usableDomains(['/sandbox/video/b/', 'javascript:x', '/sandbox/video/a']) // ['/sandbox/video/b', '/sandbox/video/a']
 */
export function usableDomains(domains: readonly unknown[]): string[] {
  const kept: string[] = [];
  for (const domain of domains) {
    if (typeof domain !== 'string' || domain.length > 200 || !HOST_BASE.test(domain)) continue;
    const base = domain.length > 1 ? domain.replace(/\/+$/, '') : domain;
    if (base !== '' && !kept.includes(base)) kept.push(base);
    if (kept.length === VIDEO_HOST_DOMAINS_KEPT) break;
  }
  return kept;
}

/** What is stored: the domain list, the host in use and each host's errors since its last success. */
interface RotationState {
  domains: string[];
  current: number;
  errors: number[];
}

export interface HostRotationOptions {
  /** The domain list to start from when storage holds none (two hosts in the spec). */
  defaults: readonly string[];
  storage?: KeyValueStorage;
  /** Errors against the host in use before the rotation moves on (VIDEO_HOST_ERROR_LIMIT). */
  errorLimit?: number;
}

/** The rotating choice of video host (spec section 7 "Video host"). */
export interface HostRotation {
  /** The host base to call now. */
  current(): string;
  /** Every host, the current one first: the order to try them in. */
  ordered(): string[];
  /** Replaces the stored list (the host's domains answer); keeps the current host when it is still listed. */
  setDomains(domains: readonly string[]): void;
  /** Counts an error against a host; the host in use is left after `errorLimit` errors. Returns the host to use next. */
  reportError(host: string): string;
  /** A failure that leaves no doubt (a player's fatal error): the rotation leaves that host now. */
  reportFailure(host: string): string;
  /** A good answer from a host clears its counter. */
  reportSuccess(host: string): void;
  /** Errors counted against a host since its last success. */
  errorsOf(host: string): number;
}

function parsed(text: string | null): RotationState | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as RotationState;
    const listOk = Array.isArray(value.domains) && value.domains.length > 0 && value.domains.every((domain) => typeof domain === 'string');
    const countsOk = Array.isArray(value.errors) && value.errors.length === value.domains.length && value.errors.every((count) => Number.isInteger(count) && count >= 0);
    const currentOk = Number.isInteger(value.current) && value.current >= 0 && value.current < value.domains.length;
    return listOk && countsOk && currentOk ? value : null;
  } catch {
    return null;
  }
}

/**
 * Chooses the video host by an error counter over a stored domain list: each host's
 * errors are counted, the rotation moves to the next host after `errorLimit` of them
 * (or at once on `reportFailure`), and the list, the choice and the counters are kept
 * in storage, so a reload stays on the host that works.
 *
 * @example const hosts = createHostRotation({ defaults: VIDEO_HOST_SANDBOX_BASES }); hosts.reportFailure(hosts.current()); hosts.current() // '/sandbox/video/b'
 */
export function createHostRotation(options: HostRotationOptions): HostRotation {
  if (options.defaults.length === 0) throw new Error('a host rotation needs at least one host');
  const storage = options.storage ?? localStore();
  const limit = options.errorLimit ?? VIDEO_HOST_ERROR_LIMIT;
  const fresh = (domains: readonly string[]): RotationState => ({ domains: [...domains], current: 0, errors: domains.map(() => 0) });
  const read = () => parsed(storage.getItem(VIDEO_HOSTS_STORAGE_KEY)) ?? fresh(options.defaults);
  const write = (state: RotationState) => storage.setItem(VIDEO_HOSTS_STORAGE_KEY, JSON.stringify(state));
  const moveOn = (state: RotationState, index: number) => {
    state.errors[index] = 0;
    if (index === state.current) state.current = (index + 1) % state.domains.length;
  };
  const rotation: HostRotation = {
    current: () => { const state = read(); return state.domains[state.current]!; },
    ordered: () => { const state = read(); return [...state.domains.slice(state.current), ...state.domains.slice(0, state.current)]; },
    setDomains(domains) {
      if (domains.length === 0) return;
      const state = read();
      const now = state.domains[state.current];
      const next = fresh(domains);
      next.current = Math.max(0, next.domains.indexOf(now!));
      next.errors = next.domains.map((domain) => state.errors[state.domains.indexOf(domain)] ?? 0);
      write(next);
    },
    reportError(host) {
      const state = read();
      const index = state.domains.indexOf(host);
      if (index >= 0) {
        state.errors[index]! += 1;
        if (state.errors[index]! >= limit) moveOn(state, index);
        write(state);
      }
      return state.domains[state.current]!;
    },
    reportFailure(host) {
      const state = read();
      const index = state.domains.indexOf(host);
      if (index >= 0) {
        moveOn(state, index);
        write(state);
      }
      return state.domains[state.current]!;
    },
    reportSuccess(host) {
      const state = read();
      const index = state.domains.indexOf(host);
      if (index >= 0 && state.errors[index] !== 0) {
        state.errors[index] = 0;
        write(state);
      }
    },
    errorsOf: (host) => { const state = read(); return state.errors[state.domains.indexOf(host)] ?? 0; },
  };
  return rotation;
}
