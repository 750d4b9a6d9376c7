import { isoTag, type Locale } from '@amora/i18n';
import { type FocusEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../app/translation.ts';
import { birthYears, type DobParts, daysInMonth, dobToIso, isoToDob, updateDob } from './dob.ts';

const PARTS = ['day', 'month', 'year'] as const;

/**
 * The date of birth as three labelled selects (day, month, year) in a fieldset. Reports an ISO
 * date once all three are chosen, else ''. Counts as "touched" only when focus leaves the whole
 * group, so choosing the day does not flag the still-empty month and year.
 */
export function DobSelect({
  value,
  onChange,
  onBlur,
  error,
  name,
  selectRef,
}: {
  value: string;
  onChange: (iso: string) => void;
  onBlur: () => void;
  error?: string;
  name: string;
  selectRef?: React.Ref<HTMLSelectElement>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [parts, setParts] = useState<DobParts>(() => isoToDob(value));
  const months = useMemo(() => {
    const fmt = new Intl.DateTimeFormat(isoTag(i18n.language as Locale), { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => fmt.format(Date.UTC(2000, i, 1)));
  }, [i18n.language]);
  const years = useMemo(() => birthYears(), []);
  const days = Array.from({ length: daysInMonth(parts.month, parts.year) }, (_, i) => String(i + 1));
  /** Each select's options as [value, text]. */
  const options: Record<keyof DobParts, [string, string][]> = {
    day: days.map((d) => [d, d]),
    month: months.map((m, i) => [String(i + 1), m]),
    year: years.map((y) => [String(y), String(y)]),
  };

  const set = (change: Partial<DobParts>) => {
    const next = updateDob(parts, change);
    setParts(next);
    onChange(dobToIso(next));
  };
  const onGroupBlur = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur();
  };
  const invalid = error ? true : undefined;
  return (
    <fieldset className="field dob" aria-describedby={error ? `${id}-error` : undefined} onBlur={onGroupBlur}>
      <legend className="field__label">{t('signup.dob.legend')}</legend>
      <div className="dob__selects">
        {PARTS.map((part) => (
          <div key={part} className={part === 'month' ? 'dob__part dob__part--month' : 'dob__part'}>
            <label htmlFor={`${id}-${part}`} className="dob__label">
              {t(`signup.dob.${part}`)}
            </label>
            <select
              id={`${id}-${part}`}
              name={`${name}-${part}`}
              ref={part === 'day' ? selectRef : undefined}
              className="field__input field__select"
              autoComplete={`bday-${part}`}
              aria-invalid={invalid}
              value={parts[part]}
              onChange={(e) => set({ [part]: e.target.value })}
            >
              <option value="">{t(`signup.dob.${part}Placeholder`)}</option>
              {options[part].map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
