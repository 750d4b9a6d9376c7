import { isoTag, type Locale } from '@amora/i18n';
import { type FocusEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { birthYears, type DobParts, daysInMonth, dobToIso, isoToDob, updateDob } from './dob.ts';

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
  const dayList = Array.from({ length: daysInMonth(parts.month, parts.year) }, (_, i) => String(i + 1));

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
        <div className="dob__part">
          <label htmlFor={`${id}-day`} className="dob__label">
            {t('signup.dob.day')}
          </label>
          <select
            id={`${id}-day`}
            name={`${name}-day`}
            ref={selectRef}
            className="field__input field__select"
            autoComplete="bday-day"
            aria-invalid={invalid}
            value={parts.day}
            onChange={(e) => set({ day: e.target.value })}
          >
            <option value="">{t('signup.dob.dayPlaceholder')}</option>
            {dayList.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </div>
        <div className="dob__part dob__part--month">
          <label htmlFor={`${id}-month`} className="dob__label">
            {t('signup.dob.month')}
          </label>
          <select
            id={`${id}-month`}
            name={`${name}-month`}
            className="field__input field__select"
            autoComplete="bday-month"
            aria-invalid={invalid}
            value={parts.month}
            onChange={(e) => set({ month: e.target.value })}
          >
            <option value="">{t('signup.dob.monthPlaceholder')}</option>
            {months.map((m, i) => (
              <option key={m} value={String(i + 1)}>
                {m}
              </option>
            ))}
          </select>
        </div>
        <div className="dob__part">
          <label htmlFor={`${id}-year`} className="dob__label">
            {t('signup.dob.year')}
          </label>
          <select
            id={`${id}-year`}
            name={`${name}-year`}
            className="field__input field__select"
            autoComplete="bday-year"
            aria-invalid={invalid}
            value={parts.year}
            onChange={(e) => set({ year: e.target.value })}
          >
            <option value="">{t('signup.dob.yearPlaceholder')}</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
