import '../../ui/fields.css';
import './discount-code.css';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';

/**
 * The discount code at checkout: a field with Apply (the server prices the package with it and
 * answers 'Code not found', 'Code already used'... at the field), or, once applied, the code with
 * Remove. A form of its own, so Enter in it applies the code rather than paying.
 */
export function DiscountCodeField({
  applied,
  initial,
  refused,
  onApply,
  onRemove,
}: {
  /** The code the prices include now, if any. */
  applied: string | null;
  /** What the field starts with (a code from the address the server refused). */
  initial: string;
  /** Why the server refused the address's code. */
  refused: unknown;
  onApply: (code: string) => Promise<void>;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown =
    error ?? (refused && value.trim().toUpperCase() === initial.toUpperCase() ? errorText(refused, t) : null);

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    const code = value.trim();
    if (!code) {
      setError(t('credits.discount.enter'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onApply(code);
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  if (applied) {
    return (
      <div className="discount-code discount-code--applied">
        <p className="discount-code__applied">
          {t('credits.discount.label')}: <strong>{applied}</strong>
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setValue('');
            setError(null);
            onRemove();
          }}
        >
          {t('credits.discount.remove')}
        </Button>
      </div>
    );
  }
  return (
    <form className="discount-code" onSubmit={apply} noValidate>
      <label htmlFor={id} className="field__label">
        {t('credits.discount.label')}
      </label>
      <div className="discount-code__row">
        <input
          id={id}
          className="field__input discount-code__input"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={value}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
        <Button type="submit" variant="secondary" busy={busy}>
          {t('credits.discount.apply')}
        </Button>
      </div>
      {shown ? (
        <p id={`${id}-error`} className="field__error">
          {shown}
        </p>
      ) : null}
    </form>
  );
}
