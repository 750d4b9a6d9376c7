import { useEffect, useState } from 'react';
import { useTranslation } from '../app/translation.ts';

export const LOADING_THROTTLE_MS = 200;
export const LOADING_NOMINAL_MS = 5000;
export const LOADING_HIDE_MS = 500;

type Phase = 'idle' | 'running' | 'finishing';

/**
 * The top loading bar (spec §4): appears only when work takes longer than 200 ms, creeps
 * towards the end over a nominal 5 s, and fades 500 ms after the work finished.
 */
export function LoadingBar({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  useEffect(() => {
    if (busy) {
      const t = setTimeout(() => setPhase('running'), LOADING_THROTTLE_MS);
      return () => clearTimeout(t);
    }
    setPhase((p) => (p === 'running' ? 'finishing' : p));
  }, [busy]);
  useEffect(() => {
    if (phase !== 'finishing') return;
    const t = setTimeout(() => setPhase('idle'), LOADING_HIDE_MS);
    return () => clearTimeout(t);
  }, [phase]);
  if (phase === 'idle') return null;
  return (
    <div
      className={`loading-bar loading-bar--${phase}`}
      role="progressbar"
      aria-label={t('common.loading')}
      aria-busy={phase === 'running'}
      style={{ ['--loading-nominal' as string]: `${LOADING_NOMINAL_MS}ms` }}
    >
      <div className="loading-bar__fill" />
    </div>
  );
}
