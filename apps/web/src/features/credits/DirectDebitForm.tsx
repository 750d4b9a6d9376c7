import './direct-debit.css';
import type { PricedPackage } from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSettings, useUser } from '../../api/queries.ts';
import { lazyCheck } from '../../app/lazy-check.ts';
import { useTranslation } from '../../app/translation.ts';
import { orderKey, ordersListKey, payByDirectDebit, storedKey } from '../../entities/credits/api.ts';
import { useMoney } from '../../entities/credits/money.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/fields.tsx';
import { useActionForm } from '../../ui/use-action-form.ts';
import { useAttemptId } from './attempt.ts';
import { CheckoutNote } from './CheckoutSummary.tsx';
import {
  DIRECT_DEBIT_FIELDS,
  type DirectDebitValues,
  ibanExample,
  ibanForReading,
  ibanForSending,
} from './direct-debit.ts';
import { SmsCodeFields } from './SmsCode.tsx';

/** The contract's rules for the form, the IBAN rule included: loaded on first use (direct-debit-check.ts). */
const check = lazyCheck<DirectDebitValues>(() =>
  import('./direct-debit-check.ts').then((m) => m.directDebitCheck),
);

/** A refusal for the whole form, and where the member can go from there (spec §8 direct debit). */
interface Refusal {
  text: string;
  code: string;
}

/**
 * The direct-debit form of spec §3: account holder and IBAN, the address, the mobile number and
 * the SMS code, and the one-time mandate (spec §5). Pay makes a pending order and goes to its
 * transaction page, which follows it until the bank answers. Field problems are said at the
 * fields; a blocked account or a reached limit for the whole form, with a way out.
 */
export function DirectDebitForm({
  pkg,
  country,
  discountCode,
}: {
  pkg: PricedPackage;
  country: string | undefined;
  /** The discount code the package's price includes (the server checks it again and redeems it). */
  discountCode?: string | null;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const userId = user?.id ?? '';
  const client = useQueryClient();
  const navigate = useNavigate();
  const { money } = useMoney();
  const attempt = useAttemptId();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useActionForm<DirectDebitValues>({
    check,
    defaultValues: {
      holder: '',
      iban: '',
      street: '',
      house_number: '',
      postal_code: '',
      city: '',
      phone: '',
      code: '',
      mandate: false,
    },
    fields: DIRECT_DEBIT_FIELDS,
  });
  const { field } = form;
  const pay = useMutation({
    mutationFn: payByDirectDebit,
    onSuccess: (detail) => {
      client.setQueryData(orderKey(userId, detail.order.id), detail);
      void client.invalidateQueries({ queryKey: ordersListKey(userId) });
      void client.invalidateQueries({ queryKey: storedKey(userId) });
      navigate(`/transactions/${detail.order.id}`);
    },
  });
  const leaving = pay.isPending || pay.isSuccess;
  const amount = money(pkg.amount, pkg.currency);

  const onSubmit = form.submit(
    async (v) => {
      if (leaving) return;
      setRefusal(null);
      const iban = ibanForSending(v.iban);
      await pay.mutateAsync({
        package_id: pkg.id,
        // The same attempt while the package and account stay the same: a retry is one debit.
        attempt_id: attempt.idFor(`${pkg.id}/${iban}/${discountCode ?? ''}`),
        holder: v.holder.trim(),
        iban,
        street: v.street.trim(),
        house_number: v.house_number.trim(),
        postal_code: v.postal_code.trim(),
        city: v.city.trim(),
        phone: v.phone.trim(),
        code: v.code.trim(),
        mandate: true,
        ...(discountCode ? { discount_code: discountCode } : {}),
      });
    },
    {
      refused: (err) => {
        if (err instanceof ApiError && err.code === 'sms_code_expired') {
          form.setFieldError('code', err.message);
          return true;
        }
        const { message, fields } = form.refuse(err, { alert: false });
        // A refusal that is all about one field ('Code invalid') is said there, not twice.
        const saidAtField = err instanceof ApiError && fields.some((f) => err.fields?.[f] === err.message);
        if (!saidAtField) {
          setRefusal({
            text: message,
            code: err instanceof ApiError ? err.code : 'generic',
          });
        }
        return true;
      },
    },
  );

  const { error: mandateError, ...mandate } = form.toggle('mandate');
  return (
    <form {...form.form} className="checkout-form dd-form" onSubmit={onSubmit}>
      <fieldset className="dd-group">
        <legend className="dd-group__legend">{t('credits.dd.account')}</legend>
        <TextField label={t('credits.dd.holder')} autoComplete="name" {...field('holder')} />
        <TextField
          label={t('credits.dd.iban')}
          hint={t('credits.dd.ibanHint', { example: ibanExample(country) })}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="dd-iban"
          {...field('iban')}
          // Shown in groups of four once typed (sent without spaces).
          onBlur={(e) => {
            const readable = ibanForReading(e.target.value);
            if (readable !== e.target.value) e.target.value = readable;
          }}
        />
      </fieldset>
      <fieldset className="dd-group">
        <legend className="dd-group__legend">{t('credits.dd.address')}</legend>
        <div className="dd-row dd-row--street">
          <TextField label={t('credits.dd.street')} autoComplete="street-address" {...field('street')} />
          <TextField label={t('credits.dd.houseNumber')} {...field('house_number')} />
        </div>
        <div className="dd-row dd-row--city">
          <TextField
            label={t('credits.dd.postalCode')}
            autoComplete="postal-code"
            {...field('postal_code')}
          />
          <TextField label={t('credits.dd.city')} autoComplete="address-level2" {...field('city')} />
        </div>
      </fieldset>
      <fieldset className="dd-group">
        <legend className="dd-group__legend">{t('credits.dd.confirm')}</legend>
        <SmsCodeFields form={form} />
      </fieldset>
      <fieldset className="dd-group dd-mandate">
        <legend className="dd-group__legend">{t('credits.dd.mandateTitle')}</legend>
        <p id="dd-mandate-text" className="dd-mandate__text">
          {t('credits.dd.mandate', {
            company: settings.company_name,
            creditor_id: settings.direct_debit.creditor_id,
            amount,
          })}
        </p>
        <label className="dd-mandate__agree">
          <input
            type="checkbox"
            aria-invalid={mandateError ? true : undefined}
            aria-describedby={mandateError ? 'dd-mandate-text dd-mandate-error' : 'dd-mandate-text'}
            {...mandate}
          />
          <span>{t('credits.dd.mandateAgree')}</span>
        </label>
        {mandateError ? (
          <p id="dd-mandate-error" className="field__error">
            {mandateError}
          </p>
        ) : null}
      </fieldset>
      {refusal ? (
        <div className="credits-alert dd-refusal" role="alert">
          <p>{refusal.text}</p>
          {refusal.code === 'direct_debit_limit' ? (
            <Link to="/credits">{t('credits.dd.toPackages')}</Link>
          ) : refusal.code === 'direct_debit_blocked' ? (
            <Link to={`/credits/${pkg.id}`}>{t('credits.dd.back')}</Link>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" size="lg" block busy={leaving} className="checkout-form__pay">
        {t('credits.method.pay', { amount })}
      </Button>
      <CheckoutNote>{t('credits.dd.note')}</CheckoutNote>
    </form>
  );
}
