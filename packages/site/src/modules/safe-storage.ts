/**
 * Reads and writes Web Storage without throwing: storage can be missing (Node), disabled
 * by the browser, or full. A failed write is dropped, a failed read gives null.
 *
 * @example safeStorage(() => sessionStorage).set('lastRoute', '/app/vip')
 */
export function safeStorage(getStorage: () => Storage | undefined) {
  const storage = (): Storage | undefined => {
    try {
      return getStorage();
    } catch {
      return undefined;
    }
  };
  return {
    get(key: string): string | null {
      try {
        return storage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        storage()?.setItem(key, value);
      } catch {
        // Private mode or a full quota: the value is simply not kept.
      }
    },
    remove(key: string): void {
      try {
        storage()?.removeItem(key);
      } catch {
        // Storage unavailable: nothing was kept.
      }
    },
  };
}
