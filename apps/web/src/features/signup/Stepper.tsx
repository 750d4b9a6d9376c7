import { useTranslation } from '../../app/translation.ts';
import { CheckIcon } from '../../ui/icons.tsx';
import { activeSteps, SIGNUP_STEPS, type StepDef, type StepId, stepPosition } from './steps.ts';

/** The dot-and-line progress of spec §2: "Step 2 of 5", the current dot marked aria-current="step". */
export function Stepper({ current, all = SIGNUP_STEPS }: { current: StepId; all?: readonly StepDef[] }) {
  const { t } = useTranslation();
  const steps = activeSteps(all);
  const { position, total } = stepPosition(current, all);
  return (
    <div className="stepper">
      <p className="stepper__caption">{t('signup.stepOf', { position, total })}</p>
      <ol className="stepper__list">
        {steps.map((s, i) => {
          const state = i + 1 < position ? 'done' : i + 1 === position ? 'current' : 'todo';
          return (
            <li
              key={s.id}
              className={`stepper__step stepper__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stepper__dot" aria-hidden="true">
                {state === 'done' ? <CheckIcon size={12} /> : null}
              </span>
              <span className="stepper__label">
                {t(`signup.steps.${s.id}.short`)}
                {state === 'done' ? <span className="visually-hidden"> ({t('signup.stepDone')})</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
