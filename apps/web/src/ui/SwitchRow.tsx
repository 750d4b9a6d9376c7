import { useId } from 'react';
import './switch.css';
import './switch-row.css';

/**
 * One setting as a row of a settings list (an `<li>`): its label and hint, then a switch (a native
 * checkbox with role="switch"), saved by the caller as it is flipped. The whole row is the label
 * (a large target); the switch is named by the label alone and described by the hint. `saved`:
 * the row's short 'Saved' after its last change went through; `error`: why it was refused.
 */
export function SwitchRow({
  label,
  hint,
  on,
  busy,
  saved,
  error,
  onChange,
  data,
}: {
  label: string;
  hint: string;
  on: boolean;
  busy: boolean;
  saved?: string | null;
  error?: string | null;
  onChange: (on: boolean) => void;
  /** A data-type attribute for the input (what the row is about). */
  data?: string;
}) {
  const id = useId();
  return (
    <li className="switch-row__item">
      <label className="switch-row" htmlFor={id}>
        <span className="switch-row__text">
          <span className="switch-row__label" id={`${id}-label`}>
            {label}
          </span>
          <span className="switch-row__hint" id={`${id}-hint`}>
            {hint}
          </span>
          {saved ? <span className="switch-row__saved">{saved}</span> : null}
        </span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="switch-row__input"
          checked={on}
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          aria-busy={busy || undefined}
          // Not `disabled` while saving: a disabled control drops the keyboard focus.
          aria-disabled={busy || undefined}
          onChange={(e) => {
            if (!busy) onChange(e.target.checked);
          }}
          data-type={data}
        />
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
      </label>
      {error ? (
        <p className="switch-row__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
