import type { MailingDetail } from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { ChoiceGroup, TextField } from '../../../ui/fields.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { useDates } from '../members/format.ts';
import { ActionFeedback } from '../ui/ActionFeedback.tsx';
import { mailingKey, mailingsKey, scheduleMailing } from './api.ts';

/** A local date-time input's value (YYYY-MM-DDTHH:mm) of a moment, in the browser's time zone. */
const localValue = (d: Date) =>
  new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * When the mailing goes: now, or at a time in the operator's own time zone. Nothing is sent before
 * the operator confirms, in a dialog that says to how many members, of which choice, and when.
 */
export function MailingSchedule({ mailing }: { mailing: MailingDetail }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const client = useQueryClient();
  const [when, setWhen] = useState<'now' | 'later'>(mailing.scheduled_at ? 'later' : 'now');
  const [at, setAt] = useState(mailing.scheduled_at ? localValue(new Date(mailing.scheduled_at)) : '');
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const moment = when === 'later' && at ? new Date(at) : null;
  const run = useMutation({
    mutationFn: () => scheduleMailing(mailing.id, moment ? moment.toISOString() : null),
    onSuccess: (m) => {
      client.setQueryData(mailingKey(m.id), m);
      void client.invalidateQueries({ queryKey: mailingsKey });
      setConfirming(false);
      setDone(
        moment
          ? t('admin.mailings.scheduledDone', { date: dateTime(m.scheduled_at ?? '') })
          : t('admin.mailings.startedNow'),
      );
    },
    // A refused time is shown at its field, under the dialog that closes.
    onError: (err) => {
      if (err instanceof ApiError && err.fields) setConfirming(false);
    },
  });
  const fields = run.error instanceof ApiError ? run.error.fields : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    run.reset();
    setConfirming(true);
  };
  // The type as members see it in their e-mail settings, where they switch it on.
  const type = t(`mailNotifications.types.${mailing.type}.label`);
  return (
    <section className="adm-card" aria-labelledby="adm-mailing-send">
      <h2 id="adm-mailing-send">{t('admin.mailings.sendTitle')}</h2>
      <p className="adm-muted">{t('admin.mailings.audienceNow', { count: mailing.audience, type })}</p>
      <form className="adm-form" onSubmit={submit} noValidate aria-labelledby="adm-mailing-send">
        <ChoiceGroup
          legend={t('admin.mailings.whenLabel')}
          options={[
            { value: 'now', label: t('admin.mailings.now') },
            { value: 'later', label: t('admin.mailings.later') },
          ]}
          checked={when}
          inputProps={{ name: 'when', onChange: (e) => setWhen(e.target.value as 'now' | 'later') }}
        />
        {when === 'later' ? (
          <TextField
            type="datetime-local"
            label={t('admin.mailings.atLabel', { zone })}
            name="at"
            required
            min={localValue(new Date())}
            value={at}
            error={fields?.at}
            onChange={(e) => setAt(e.target.value)}
          />
        ) : null}
        <ActionFeedback error={run.isError && !fields && !confirming ? run.error : null} ok={done} />
        <div>
          <Button type="submit" disabled={when === 'later' && !at}>
            {t('admin.mailings.review')}
          </Button>
        </div>
      </form>
      <Modal
        open={confirming}
        size="sm"
        title={t('admin.mailings.confirmTitle')}
        closeLabel={t('common.close')}
        onClose={run.isPending ? undefined : () => setConfirming(false)}
      >
        <div className="adm-form">
          <p>
            {t('admin.mailings.confirmLead', {
              headline: mailing.headline,
              count: mailing.audience,
              type,
              when: moment
                ? t('admin.mailings.atTime', { date: dateTime(moment.toISOString()) })
                : t('admin.mailings.rightNow'),
            })}
          </p>
          {!moment && mailing.audience_mailed_today ? (
            <p>{t('admin.mailings.mailedToday', { count: mailing.audience_mailed_today })}</p>
          ) : null}
          <p className="adm-muted">{t('admin.mailings.dailyLimit')}</p>
          <ActionFeedback error={run.isError && !fields ? run.error : null} />
          <div className="adm-actions">
            <Button busy={run.isPending} onClick={() => run.mutate()}>
              {t(moment ? 'admin.mailings.confirmSchedule' : 'admin.mailings.confirmSend')}
            </Button>
            <Button variant="secondary" disabled={run.isPending} onClick={() => setConfirming(false)}>
              {t('admin.mailings.goBack')}
            </Button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
