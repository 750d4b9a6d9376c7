import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from '../app/translation.ts';
import './fields.css';

/**
 * Form fields: a visible <label htmlFor>, the error linked with aria-describedby and flagged with
 * aria-invalid, an optional hint. `error` is the text to show (already translated).
 */
interface FieldBase {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Extra content under the input (a suggestion, a counter). */
  after?: ReactNode;
}

function describedBy(id: string, error?: string, hint?: ReactNode, extra?: string): string | undefined {
  return (
    [error ? `${id}-error` : '', hint ? `${id}-hint` : '', extra ?? ''].filter(Boolean).join(' ') || undefined
  );
}

function FieldFoot({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The id a field's control gets: the one given, else a generated one. */
function useFieldId(id: string | undefined): string {
  const auto = useId();
  return id ?? auto;
}

/** What every field's control carries: its id and class, and its error and hint linked for assistive tech. */
function controlProps(
  fid: string,
  className: string,
  error?: string,
  hint?: ReactNode,
  describedByExtra?: string,
) {
  return {
    id: fid,
    className,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(fid, error, hint, describedByExtra),
  } as const;
}

/** The frame around a field's control: the label above, then `after`, the hint and the error. */
function FieldShell({
  fid,
  label,
  error,
  hint,
  after,
  className,
  children,
}: FieldBase & { fid: string; className?: string; children: ReactNode }) {
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={fid} className="field__label">
        {label}
      </label>
      {children}
      {after}
      <FieldFoot id={fid} error={error} hint={hint} />
    </div>
  );
}

export type TextFieldProps = FieldBase &
  InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };

export function TextField({ label, error, hint, after, id, className, ...input }: TextFieldProps) {
  const fid = useFieldId(id);
  return (
    <FieldShell fid={fid} label={label} error={error} hint={hint} after={after} className={className}>
      <input {...controlProps(fid, 'field__input', error, hint, input['aria-describedby'])} {...input} />
    </FieldShell>
  );
}

/** An e-mail address input: the right keyboard, no autocapitalisation or spell check. */
export function EmailField(props: TextFieldProps) {
  return (
    <TextField
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** A six-digit one-time code (SMS, authenticator app): the number pad, the code the device offers. */
export function CodeField(props: TextFieldProps) {
  return (
    <TextField inputMode="numeric" autoComplete="one-time-code" maxLength={6} spellCheck={false} {...props} />
  );
}

/** A password input with a show/hide toggle (a real button announcing its state). */
export function PasswordField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const fid = useFieldId(id);
  const [shown, setShown] = useState(false);
  return (
    <FieldShell fid={fid} label={label} error={error} hint={hint} className={className}>
      <div className="field__password">
        <input
          {...controlProps(fid, 'field__input', error, hint)}
          {...input}
          type={shown ? 'text' : 'password'}
        />
        <button
          type="button"
          className="field__reveal"
          aria-controls={fid}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {shown ? <path d="M4 20L20 4" /> : null}
            </g>
          </svg>
          <span className="visually-hidden">{t('auth.showPassword')}</span>
        </button>
      </div>
    </FieldShell>
  );
}

export type SelectFieldProps = FieldBase &
  SelectHTMLAttributes<HTMLSelectElement> & { ref?: React.Ref<HTMLSelectElement>; children: ReactNode };

export function SelectField({ label, error, hint, id, className, children, ...select }: SelectFieldProps) {
  const fid = useFieldId(id);
  return (
    <FieldShell fid={fid} label={label} error={error} hint={hint} className={className}>
      <select {...controlProps(fid, 'field__input field__select', error, hint)} {...select}>
        {children}
      </select>
    </FieldShell>
  );
}

export type TextAreaFieldProps = FieldBase &
  TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> };

export function TextAreaField({ label, error, hint, after, id, className, ...area }: TextAreaFieldProps) {
  const fid = useFieldId(id);
  return (
    <FieldShell fid={fid} label={label} error={error} hint={hint} after={after} className={className}>
      <textarea
        {...controlProps(fid, 'field__input field__textarea', error, hint, area['aria-describedby'])}
        {...area}
      />
    </FieldShell>
  );
}

export interface ChoiceOption {
  value: string;
  label: ReactNode;
}

/**
 * A radio group as a fieldset with a legend; the options look like pills. `inputProps` spreads
 * onto every radio (react-hook-form's register(), or a name); `checked`: the option an uncontrolled
 * group starts on.
 */
export function ChoiceGroup({
  legend,
  options,
  error,
  hint,
  inputProps,
  checked,
  className,
}: {
  legend: ReactNode;
  options: ChoiceOption[];
  error?: string;
  hint?: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };
  checked?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset className={`field choice ${className ?? ''}`} aria-describedby={describedBy(id, error, hint)}>
      <legend className="field__label">{legend}</legend>
      <div className="choice__options">
        {options.map((o) => (
          <label key={o.value} className="choice__option">
            <input
              type="radio"
              value={o.value}
              aria-invalid={error ? true : undefined}
              defaultChecked={checked === undefined ? undefined : checked === o.value}
              {...inputProps}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldFoot id={id} error={error} hint={hint} />
    </fieldset>
  );
}

/** A message for the whole form: errors are announced at once (role=alert), success politely. */
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  if (!children) return null;
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
