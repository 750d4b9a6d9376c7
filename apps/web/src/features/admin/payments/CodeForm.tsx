import { CURRENCIES, PAYMENT_METHODS, type PaymentMethod } from '@amora/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { methodName } from '../../../entities/credits/methods.tsx';
import { Button } from '../../../ui/Button.tsx';
import { SelectField, TextField } from '../../../ui/fields.tsx';
import { codesKey, createCode } from './api.ts';

const VALIDITIES = ['once_per_user', 'single_use', 'unlimited'] as const;
const EMPTY = {
  code: '',
  percentage: '',
  validity: 'once_per_user' as (typeof VALIDITIES)[number],
  currency: '',
  minimum: '',
  country: '',
  expires: '',
  user: '',
};

/**
 * A new discount code (finance): the fields of the promotions schema. The server checks every
 * field with the contract's schema and says what is wrong at the field; the minimum is typed in
 * the currency's units and sent in cents; the expiry is the end of the chosen day (UTC).
 */
export function CodeForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [v, setV] = useState(EMPTY);
  const [methods, setMethods] = useState<PaymentMethod[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setV({ ...v, [k]: e.target.value });
  const create = useMutation({
    mutationFn: () =>
      createCode({
        code: v.code,
        value_percentage: Number(v.percentage),
        validity: v.validity,
        currency: (v.currency || null) as (typeof CURRENCIES)[number] | null,
        minimum_order_value: v.minimum ? Math.round(Number(v.minimum.replace(',', '.')) * 100) : null,
        country: v.country.trim() || null,
        expires_at: v.expires ? `${v.expires}T23:59:59Z` : null,
        payment_methods: methods,
        user_id: v.user.trim() || null,
      }),
    onSuccess: (c) => {
      setDone(t('admin.payments.created', { code: c.code }));
      setV(EMPTY);
      setMethods([]);
      void client.invalidateQueries({ queryKey: codesKey });
    },
  });
  const fields = create.error instanceof ApiError ? create.error.fields : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    if (!create.isPending) create.mutate();
  };
  return (
    <form
      className="adm-card adm-form adm-form--wide"
      onSubmit={submit}
      noValidate
      aria-labelledby="adm-newcode-title"
    >
      <h2 id="adm-newcode-title" className="adm-form__full">
        {t('admin.payments.newCode')}
      </h2>
      <TextField
        label={t('admin.payments.code')}
        hint={t('admin.payments.codeHint')}
        name="code"
        autoCapitalize="characters"
        maxLength={40}
        required
        value={v.code}
        error={fields?.code}
        onChange={set('code')}
      />
      <TextField
        label={t('admin.payments.percentage')}
        name="percentage"
        inputMode="numeric"
        required
        value={v.percentage}
        error={fields?.value_percentage}
        onChange={set('percentage')}
      />
      <SelectField
        label={t('admin.payments.validityLabel')}
        name="validity"
        value={v.validity}
        onChange={set('validity')}
      >
        {VALIDITIES.map((x) => (
          <option key={x} value={x}>
            {t(`admin.payments.validity.${x}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('admin.payments.expires')}
        type="date"
        name="expires"
        value={v.expires}
        error={fields?.expires_at}
        onChange={set('expires')}
      />
      <SelectField
        label={t('admin.payments.currency')}
        name="currency"
        value={v.currency}
        error={fields?.currency}
        onChange={set('currency')}
      >
        <option value="">{t('admin.payments.anyCurrency')}</option>
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('admin.payments.minimumLabel')}
        hint={t('admin.payments.minimumHint')}
        name="minimum"
        inputMode="decimal"
        value={v.minimum}
        error={fields?.minimum_order_value}
        onChange={set('minimum')}
      />
      <TextField
        label={t('admin.payments.country')}
        hint={t('admin.payments.countryHint')}
        name="country"
        maxLength={2}
        autoCapitalize="characters"
        value={v.country}
        error={fields?.country}
        onChange={set('country')}
      />
      <TextField
        label={t('admin.payments.personalLabel')}
        hint={t('admin.payments.personalHint')}
        name="user"
        value={v.user}
        error={fields?.user_id}
        onChange={set('user')}
      />
      <fieldset className="adm-form__full field">
        <legend className="field__label">{t('admin.payments.methods')}</legend>
        <p className="field__hint">{t('admin.payments.methodsHint')}</p>
        <div className="chips__list">
          {PAYMENT_METHODS.map((m) => (
            <label key={m} className="chip">
              <input
                type="checkbox"
                checked={methods.includes(m)}
                onChange={(e) =>
                  setMethods(e.target.checked ? [...methods, m] : methods.filter((x) => x !== m))
                }
              />
              <span>{methodName(m, t)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {create.isError && !fields ? (
        <p className="adm-alert adm-form__full" role="alert">
          {errorText(create.error, t)}
        </p>
      ) : null}
      {done ? (
        <p className="adm-ok adm-form__full" role="status">
          {done}
        </p>
      ) : null}
      <div className="adm-form__full">
        <Button type="submit" busy={create.isPending}>
          {t('admin.payments.createCode')}
        </Button>
      </div>
    </form>
  );
}
