import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '@lobby/sdk';

// The prompts load only for a logged-in member, so a visitor's first JavaScript stays small.
const RealityCheckHost = lazy(() => import('./reality-check-host.js').then((module) => ({ default: module.RealityCheckHost })));

/** The site frame's reality checks, session-limit notice and review prompt (issue 22), for members. */
export function RealityCheckMount() {
  const session = useStore($session);
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckHost />
    </Suspense>
  );
}
