import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { methodName } from '../../../entities/credits/methods.tsx';
import { useMoney } from '../../../entities/credits/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/fields.tsx';
import { useDates } from '../members/format.ts';
import { ActionFeedback, ReasonField } from '../ui/ActionFeedback.tsx';
import { DetailMissing, DetailTitle, detailMissing, Facts } from '../ui/Detail.tsx';
import { fetchOrder, orderKey, refundOrder } from './api.ts';

/**
 * The refund of an order through the provider: all that is left or a part of it, with a reason.
 * The provider's answer comes back through the order's sync, which books the ledger's reversal.
 */
function RefundForm({ id, left, currency }: { id: string; left: number; currency: string }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const client = useQueryClient();
  const [kind, setKind] = useState<'full' | 'part'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const refund = useMutation({
    mutationFn: () =>
      refundOrder(id, {
        reason,
        ...(kind === 'part' ? { amount: Math.round(Number(amount.replace(',', '.')) * 100) } : {}),
      }),
    onSuccess: (detail) => {
      client.setQueryData(orderKey(id), detail);
      setAmount('');
      setReason('');
    },
  });
  const fields = refund.error instanceof ApiError ? refund.error.fields : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!refund.isPending) refund.mutate();
  };
  return (
    <form className="adm-card adm-form" onSubmit={submit} noValidate aria-labelledby="adm-refund-title">
      <h2 id="adm-refund-title">{t('admin.payments.refundTitle')}</h2>
      <p className="adm-muted">{t('admin.payments.refundLead', { amount: money(left, currency) })}</p>
      <fieldset className="field choice">
        <legend className="field__label">{t('admin.payments.refundKind')}</legend>
        <div className="choice__options">
          {(['full', 'part'] as const).map((k) => (
            <label key={k} className="choice__option">
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              <span>
                {k === 'full'
                  ? t('admin.payments.refundFull', { amount: money(left, currency) })
                  : t('admin.payments.refundPart')}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'part' ? (
        <TextField
          label={t('admin.payments.refundAmount', { currency })}
          name="amount"
          inputMode="decimal"
          value={amount}
          error={fields?.amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      ) : null}
      <ReasonField value={reason} error={fields?.reason} onChange={setReason} />
      <ActionFeedback
        error={refund.isError && !fields ? refund.error : null}
        ok={refund.isSuccess ? t('admin.payments.refunded') : null}
      />
      <Button type="submit" busy={refund.isPending}>
        {t('admin.payments.refundSubmit')}
      </Button>
    </form>
  );
}

/** /admin/payments/orders/:id: the order, its member, its status history, and the refund. */
export function OrderDetail() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const { dateTime } = useDates();
  const { id = '' } = useParams();
  const detail = useQuery({ queryKey: orderKey(id), queryFn: ({ signal }) => fetchOrder(id, signal) });
  if (detailMissing(detail) || !detail.data) {
    return (
      <DetailMissing
        query={detail}
        className="adm-payments"
        notFound={t('admin.payments.orderNotFound')}
        back={{ to: '/admin/payments/orders', label: t('admin.payments.backToOrders') }}
      />
    );
  }
  const { order: o, events } = detail.data;
  const facts: [string, React.ReactNode][] = [
    [t('admin.payments.orderId'), o.id],
    [
      t('admin.payments.member'),
      <Link key="m" to={`/admin/members/${o.member_id}`}>
        {`${o.member_name ?? ''} ${o.member_email}`.trim()}
      </Link>,
    ],
    [t('admin.payments.stateLabel'), t(`admin.payments.state.${o.status}`)],
    [t('admin.payments.amount'), money(o.amount, o.currency)],
    [t('admin.members.credits'), String(o.credits)],
    [t('admin.payments.method'), methodName(o.method, t)],
    [t('admin.payments.createdAt'), dateTime(o.created_at)],
    [t('admin.payments.paidAt'), o.paid_at ? dateTime(o.paid_at) : '—'],
    [t('admin.payments.provider'), `${o.provider} ${o.provider_payment_id ?? ''}`.trim()],
  ];
  if (o.discount_code && o.list_amount) {
    facts.push([
      t('admin.payments.discount'),
      t('admin.payments.discountLine', {
        code: o.discount_code,
        percentage: o.discount_percentage,
        amount: money(o.list_amount, o.currency),
      }),
    ]);
  }
  if (o.amount - o.refundable > 0) {
    // What was refunded (or charged back) so far: "$8.00 of $16.49", not just "Refunded".
    facts.push([
      t('admin.payments.state.refunded'),
      t('admin.payments.refundedOf', {
        refunded: money(o.amount - o.refundable, o.currency),
        amount: money(o.amount, o.currency),
      }),
    ]);
  }
  if (o.reversed_credits || o.uncollected_credits) {
    facts.push([
      t('admin.payments.reversed'),
      t('admin.payments.reversedLine', { reversed: o.reversed_credits, uncollected: o.uncollected_credits }),
    ]);
  }
  return (
    <section className="adm-payments" aria-labelledby="adm-order-title">
      <DetailTitle
        id="adm-order-title"
        back={{ to: '/admin/payments/orders', label: t('admin.payments.backToOrders') }}
      >
        {t('admin.payments.orderTitle', { amount: money(o.amount, o.currency) })}
        <span className="adm-tag">{t(`admin.payments.state.${o.status}`)}</span>
      </DetailTitle>
      <div className="adm-grid">
        <section className="adm-card">
          <Facts facts={facts} />
        </section>
        <div className="adm-stack">
          {o.refundable > 0 ? <RefundForm id={o.id} left={o.refundable} currency={o.currency} /> : null}
          <section className="adm-card" aria-labelledby="adm-history-title">
            <h2 id="adm-history-title">{t('admin.payments.history')}</h2>
            <ol className="adm-rows">
              {events.map((e) => (
                <li key={`${e.created_at}-${e.status}-${e.source}`}>
                  <span className="adm-tag">
                    {t(`admin.payments.state.${e.status}`, { defaultValue: e.status })}
                  </span>
                  <span>{t(`admin.payments.source.${e.source}`, { defaultValue: e.source })}</span>
                  <span className="adm-muted">{dateTime(e.created_at)}</span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </section>
  );
}
