import { type ComponentProps, lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../app/opened-once.ts';
import type { MatchModal as EagerMatchModal } from './MatchModal.tsx';

const MatchModalView = lazy(() => import('./MatchModal.tsx').then((m) => ({ default: m.MatchModal })));

/** The like match modal (MatchModal.tsx) as its own chunk, loaded when a match or the auto-like first opens it. */
export function MatchModal(props: ComponentProps<typeof EagerMatchModal>) {
  return useOpenedOnce(props.partner !== null) ? (
    <Suspense fallback={null}>
      <MatchModalView {...props} />
    </Suspense>
  ) : null;
}
