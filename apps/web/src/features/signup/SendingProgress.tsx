import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/translation.ts';
import { CheckIcon } from '../../ui/icons.tsx';
import { SENDING_STAGES, sendingProgress, stageStatus } from './sending.ts';

/**
 * The sending progress of spec §4 (checking profile, creating account, looking for matches,
 * sending activation e-mail): animated while the request runs, finished when it returned.
 */
export function SendingProgress({
  startedAt,
  doneAt,
  onFinished,
}: {
  startedAt: number;
  doneAt: number | null;
  onFinished: () => void;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const id = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(id);
  }, []);
  const { active, finished } = sendingProgress(now - startedAt, doneAt);
  useEffect(() => {
    if (finished) onFinished();
  }, [finished, onFinished]);
  const current = SENDING_STAGES[Math.min(active, SENDING_STAGES.length - 1)]!;
  return (
    <div className="sending" aria-busy={!finished}>
      <ol className="sending__list">
        {SENDING_STAGES.map((stage, i) => {
          const status = stageStatus(i, active);
          return (
            <li key={stage} className={`sending__stage sending__stage--${status}`}>
              <span className="sending__mark" aria-hidden="true">
                {status === 'done' ? (
                  <CheckIcon size={16} />
                ) : status === 'active' ? (
                  <span className="btn__spinner" />
                ) : null}
              </span>
              {t(`signup.sending.${stage}`)}
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {t(`signup.sending.${current}`)}
      </p>
    </div>
  );
}
