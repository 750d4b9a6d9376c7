import '../../ui/fields.css';
import './discount-code.css';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useTranslation } from '../../app/translation.ts';
import { useWelcomeCode } from '../../entities/promotions/useTimeBonus.ts';
import { Button } from '../../ui/Button.tsx';
import { pricingQuery, useCodePricing } from './queries.ts';

type FieldProps = {
  /** The code the prices include now, if any. */
  applied: string | null;
  /** What the field starts with (a code from the address the server refused). */
  initial: string;
  /** Why the server refused the address's code. */
  refused: unknown;
  onApply: (code: string) => Promise<void>;
  onRemove: () => void;
};

/**
 * The code a checkout page prices with: the address's (`?code=`; empty when the member removed
 * it), else the member's welcome code while it runs, so the promised discount follows them on every
 * path to the checkout (a retry after a failed payment, the chat's "Buy credits", /credits).
 */
export function checkoutCode(params: URLSearchParams, welcome: string | null): string | null {
  return params.has('code') ? params.get('code') || null : welcome;
}

/**
 * The discount code of the address (`?code=`, else the welcome code: checkoutCode) on a checkout page: the prices with it where the
 * server accepts it, and the field's props. Apply asks the server first (a refused code stays in
 * the field with its error, the prices unchanged), then puts the code in the address; Remove takes
 * it out. The address's other parameters stay.
 */
export function useDiscountCode(userId: string) {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const code = checkoutCode(params, useWelcomeCode());
  const { pricing, codeError } = useCodePricing(code);
  const discount = pricing.data?.discount ?? null;
  const withCode = (c: string | null) => {
    const next = new URLSearchParams(params);
    // Removed: `code=` (empty), so the welcome code does not come back by itself.
    next.set('code', c ?? '');
    setParams(next, { replace: true });
  };
  const field: FieldProps = {
    applied: discount?.code ?? null,
    initial: code ?? '',
    refused: codeError,
    onApply: async (value) => {
      const answer = await client.fetchQuery(pricingQuery(userId, value));
      withCode(answer.discount?.code ?? null);
    },
    onRemove: () => withCode(null),
  };
  return { pricing, discount, field };
}

/**
 * The discount code at checkout: a field with Apply (the server prices the package with it and
 * answers 'Code not found', 'Code already used'... at the field), or, once applied, the code with
 * Remove. A form of its own, so Enter in it applies the code rather than paying. Another code in
 * the address (applied or removed) starts it afresh.
 */
export function DiscountCodeField(props: FieldProps) {
  return <CodeForm key={props.applied ?? props.initial} {...props} />;
}

function CodeForm({ applied, initial, refused, onApply, onRemove }: FieldProps) {
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
