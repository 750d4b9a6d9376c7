import type { AdminCode } from '@amora/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { methodName } from '../../../entities/credits/methods.tsx';
import { useMoney } from '../../../entities/credits/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { useDates } from '../members/format.ts';
import { Pager } from '../ui/Pager.tsx';
import { Results } from '../ui/Results.tsx';
import { codesKey, disableCode, fetchCodes } from './api.ts';
import { CodeForm } from './CodeForm.tsx';

/** What a code's limits say, in words. */
export function useCodeTerms() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const { date } = useDates();
  return (c: AdminCode) =>
    [
      t(`admin.payments.validity.${c.validity}`),
      c.country ? t('admin.payments.onlyCountry', { country: c.country }) : null,
      c.currency && !c.minimum_order_value
        ? t('admin.payments.onlyCurrency', { currency: c.currency })
        : null,
      c.minimum_order_value && c.currency
        ? t('admin.payments.minimum', { amount: money(c.minimum_order_value, c.currency) })
        : null,
      c.payment_methods.length
        ? t('admin.payments.onlyMethods', {
            methods: c.payment_methods.map((m) => methodName(m, t)).join(', '),
          })
        : null,
      c.user_id ? t('admin.payments.personal') : null,
      c.expires_at ? t('admin.payments.until', { date: date(c.expires_at) }) : t('admin.payments.noExpiry'),
    ].filter(Boolean) as string[];
}

/** /admin/payments: the site's discount codes with their redemptions; a new one; disable one. */
export function CodesList() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const terms = useCodeTerms();
  const [page, setPage] = useState(1);
  const codes = useQuery({
    queryKey: [...codesKey, page],
    queryFn: ({ signal }) => fetchCodes(page, signal),
    placeholderData: keepPreviousData,
  });
  const disable = useMutation({
    mutationFn: disableCode,
    onSuccess: () => void client.invalidateQueries({ queryKey: codesKey }),
  });
  return (
    <section className="adm-payments" aria-labelledby="adm-codes-title">
      <h1 id="adm-codes-title">{t('admin.payments.codesTitle')}</h1>
      <CodeForm />
      {disable.isError ? (
        <p className="adm-alert" role="alert">
          {errorText(disable.error, t)}
        </p>
      ) : null}
      <Results query={codes} isEmpty={(d) => !d.codes.length} empty={t('admin.payments.noCodes')}>
        {(data) => (
          <>
            <ul className="adm-list" aria-label={t('admin.payments.codesTitle')}>
              {data.codes.map((c) => (
                <li key={c.id} className="adm-list__item">
                  <div className="adm-list__main">
                    <Link to={`/admin/payments/codes/${c.id}`}>
                      <strong>{c.code}</strong>
                    </Link>
                    <span>
                      {t('admin.payments.percentOff', { percentage: c.value_percentage })} ·{' '}
                      {t('admin.payments.redemptions', { count: c.redemptions })}
                    </span>
                    <span className="adm-muted">{terms(c).join(' · ')}</span>
                  </div>
                  <div className="adm-actions">
                    <span className="adm-tag">{t(`admin.payments.codeStatus.${c.status}`)}</span>
                    {c.status === 'active' && c.kind === 'code' ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        busy={disable.isPending && disable.variables === c.id}
                        onClick={() => disable.mutate(c.id)}
                        aria-label={t('admin.payments.disableCode', { code: c.code })}
                      >
                        {t('admin.payments.disable')}
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            <Pager page={page} of={data} onPage={setPage} />
          </>
        )}
      </Results>
    </section>
  );
}
