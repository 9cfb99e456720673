/**
 * Every key the sdk keeps in `localStorage`, named once. Values are plain strings; the
 * session is JSON.
 */
export const STORAGE_KEY = {
  /** The member session `{ "token": "..." }` (stores/session.ts). */
  session: 'lobby.session',
  /** The device uuid sent as `x-device-id` (spec section 3, "Client identity"). */
  deviceId: 'lobby.deviceId',
  /** The chosen language, kept only when it is in the site's list (spec section 5). */
  language: 'lobby.language',
  /** The euro refresh guard's last activity and time (spec section 5). */
  euroRefresh: 'lobby.euroRefresh',
} as const;

/** The part of the Web Storage API the sdk uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const memory = new Map<string, string>();

/** A process-wide in-memory storage: the fallback in Node and where localStorage throws. */
export const memoryStorage: KeyValueStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

/**
 * `localStorage` when the runtime has a working one, else {@link memoryStorage}. Looked up
 * on every call, never at import, so importing the sdk in Node touches nothing.
 *
 * @example localStore().setItem(STORAGE_KEY.language, 'en')
 */
export function localStore(): KeyValueStorage {
  try {
    const candidate = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    if (candidate && typeof candidate.getItem === 'function') return safe(candidate);
  } catch {
    // Reading localStorage throws when storage is blocked (sandboxed frames, some privacy modes).
  }
  return memoryStorage;
}

/** Wraps a storage so quota and security errors fall back to memory instead of throwing. */
function safe(storage: KeyValueStorage): KeyValueStorage {
  return {
    getItem(key) {
      try {
        return storage.getItem(key);
      } catch {
        return memoryStorage.getItem(key);
      }
    },
    setItem(key, value) {
      try {
        storage.setItem(key, value);
      } catch {
        memoryStorage.setItem(key, value);
      }
    },
    removeItem(key) {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing to remove from a storage we cannot reach.
      }
      memoryStorage.removeItem(key);
    },
  };
}
