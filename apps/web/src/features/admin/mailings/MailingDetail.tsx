import type { MailingDetail as Mailing } from '@amora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { useDates } from '../members/format.ts';
import { ActionFeedback } from '../ui/ActionFeedback.tsx';
import { DetailMissing, DetailTitle, detailMissing, Facts } from '../ui/Detail.tsx';
import { cancelMailing, fetchMailing, mailingKey, mailingsKey } from './api.ts';
import { MailingForm } from './MailingForm.tsx';
import { MailingPreview } from './MailingPreview.tsx';
import { MailingSchedule } from './MailingSchedule.tsx';
import { useWhen } from './MailingsList.tsx';

const EDITABLE = new Set(['draft', 'scheduled']);
/** Counts move while a mailing waits or goes out, and for a while after its last batch. */
const moving = (m: Mailing) =>
  m.status === 'scheduled' ||
  m.status === 'sending' ||
  (m.status === 'sent' && !!m.finished_at && Date.now() - Date.parse(m.finished_at) < 10 * 60_000);

/** /admin/mailings/:id: a mailing's state and counts, its texts while they may change, preview, test, send. */
export function MailingDetail() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: mailingKey(id),
    queryFn: ({ signal }) => fetchMailing(id, signal),
    refetchInterval: (q) => (q.state.data && moving(q.state.data) ? 3000 : false),
  });
  const back = { to: '/admin/mailings', label: t('admin.mailings.backToList') };
  if (detailMissing(query) || !query.data) {
    return (
      <DetailMissing
        query={query}
        className="adm-mailings"
        notFound={t('admin.mailings.notFound')}
        back={back}
      />
    );
  }
  const m = query.data;
  return (
    <section className="adm-mailings" aria-labelledby="adm-mailing-title">
      <DetailTitle id="adm-mailing-title" back={back}>
        {m.headline}
      </DetailTitle>
      <MailingState mailing={m} />
      {EDITABLE.has(m.status) ? (
        <MailingForm key={m.updated_at} mailing={m} />
      ) : (
        <p className="adm-muted">{t('admin.mailings.notEditable')}</p>
      )}
      <MailingPreview mailing={m} />
      {EDITABLE.has(m.status) ? <MailingSchedule key={`${m.status}${m.scheduled_at}`} mailing={m} /> : null}
    </section>
  );
}

/** Where the mailing stands, who made it, and what became of its copies; cancel while it may be. */
function MailingState({ mailing: m }: { mailing: Mailing }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const when = useWhen();
  const c = m.counts;
  return (
    <section className="adm-card" aria-labelledby="adm-mailing-state">
      <h2 id="adm-mailing-state">{t('admin.mailings.stateTitle')}</h2>
      <p>
        <span className="adm-tag">{t(`admin.mailings.status.${m.status}`)}</span>{' '}
        {t(`admin.mailings.type.${m.type}`)} · {when(m)}
      </p>
      <Facts
        facts={[
          [t('admin.mailings.createdBy'), `${m.created_by ?? '–'} · ${dateTime(m.created_at)}`],
          [t('admin.mailings.path'), m.path],
          [t('admin.mailings.audience'), String(m.audience)],
          ...(m.status === 'draft'
            ? []
            : ([
                [t('admin.mailings.counts.queued'), String(c.queued)],
                [t('admin.mailings.counts.sent'), String(c.sent)],
                [t('admin.mailings.counts.bounced'), String(c.bounced)],
                [t('admin.mailings.counts.complaints'), String(c.complaints)],
                [t('admin.mailings.counts.unsubscribed'), String(c.unsubscribed)],
                [t('admin.mailings.counts.limited'), String(c.limited)],
              ] as [string, string][])),
        ]}
      />
      {m.status === 'draft' ? null : (
        <p className="adm-muted">
          {t('admin.mailings.countsNote')} {t('admin.mailings.dailyLimit')}
        </p>
      )}
      {m.status === 'draft' || m.status === 'scheduled' || m.status === 'sending' ? (
        <CancelMailing mailing={m} />
      ) : null}
    </section>
  );
}

function CancelMailing({ mailing }: { mailing: Mailing }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => cancelMailing(mailing.id),
    onSuccess: (m) => {
      client.setQueryData(mailingKey(m.id), m);
      void client.invalidateQueries({ queryKey: mailingsKey });
      setOpen(false);
      setDone(t('admin.mailings.cancelled'));
    },
  });
  const label = t(mailing.status === 'sending' ? 'admin.mailings.stop' : 'admin.mailings.cancel');
  return (
    <>
      <div>
        <Button
          variant="secondary"
          onClick={() => {
            cancel.reset();
            setOpen(true);
          }}
        >
          {label}
        </Button>
      </div>
      <ActionFeedback ok={done} />
      <Modal
        open={open}
        size="sm"
        title={t('admin.mailings.cancelTitle')}
        closeLabel={t('common.close')}
        onClose={cancel.isPending ? undefined : () => setOpen(false)}
      >
        <div className="adm-form">
          <p>{t('admin.mailings.cancelLead')}</p>
          <ActionFeedback error={cancel.isError ? cancel.error : null} />
          <div className="adm-actions">
            <Button busy={cancel.isPending} onClick={() => cancel.mutate()}>
              {label}
            </Button>
            <Button variant="secondary" disabled={cancel.isPending} onClick={() => setOpen(false)}>
              {t('admin.mailings.keep')}
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
