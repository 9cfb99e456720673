import { useEffect, useState } from 'preact/hooks';
import type { ReadableAtom } from 'nanostores';

/**
 * Reads a nanostores store in a Preact component and re-renders on change. (The
 * @nanostores/preact hook also brings key-listening code no widget uses.)
 *
 * @example const session = useStore($session)
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  const [, setVersion] = useState(0);
  useEffect(() => store.listen(() => setVersion((version) => version + 1)), [store]);
  return store.get();
}
