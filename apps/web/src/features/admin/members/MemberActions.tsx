import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/fields.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { ActionFeedback, ReasonField } from '../ui/ActionFeedback.tsx';
import { adjustCredits, enableMail, endSessions, ledgerKey, memberKey, startDeletion } from './api.ts';

type Action = 'sessions' | 'mail' | 'delete';

/**
 * A credit adjustment (finance): a whole number of credits, up or down, and a reason; booked as a
 * ledger entry, never an edited balance. The same form id goes with a retry, so a doubled submit
 * books once; a new adjustment gets a new id.
 */
export function CreditAdjustment({ memberId, credits }: { memberId: string; credits: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [adjustmentId, setAdjustmentId] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<string | null>(null);
  const adjust = useMutation({
    mutationFn: () => adjustCredits(memberId, { adjustment_id: adjustmentId, delta: Number(delta), reason }),
    onSuccess: (res) => {
      setDone(t('admin.members.adjusted', { count: res.credits }));
      setDelta('');
      setReason('');
      setAdjustmentId(crypto.randomUUID());
      void client.invalidateQueries({ queryKey: memberKey(memberId) });
      void client.invalidateQueries({ queryKey: ledgerKey(memberId) });
    },
  });
  const fields = adjust.error instanceof ApiError ? adjust.error.fields : undefined;
  const n = Number(delta);
  const badNumber = delta !== '' && (!Number.isInteger(n) || n === 0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    if (!delta || badNumber || adjust.isPending) return;
    adjust.mutate();
  };
  return (
    <form className="adm-card adm-form" onSubmit={submit} noValidate aria-labelledby="adm-adjust-title">
      <h2 id="adm-adjust-title">{t('admin.members.adjustTitle')}</h2>
      <p className="adm-muted">{t('admin.members.adjustLead', { count: credits })}</p>
      <TextField
        label={t('admin.members.adjustDelta')}
        hint={t('admin.members.adjustDeltaHint')}
        inputMode="numeric"
        name="delta"
        value={delta}
        error={badNumber ? t('errors.adjustment_zero') : fields?.delta}
        onChange={(e) => setDelta(e.target.value.trim())}
      />
      <ReasonField value={reason} error={fields?.reason} onChange={setReason} />
      <ActionFeedback error={adjust.isError && !fields ? adjust.error : null} ok={done} />
      <Button type="submit" busy={adjust.isPending}>
        {t('admin.members.adjustSubmit')}
      </Button>
    </form>
  );
}

/**
 * Support's and admins' actions on a member: end every session, turn e-mail back on, start the
 * 14-day deletion. Each asks for a reason in a dialog first (it goes to the audit log).
 */
export function MemberActions({
  memberId,
  may,
  mailOff,
  deletable,
}: {
  memberId: string;
  may: { support: boolean; admin: boolean };
  mailOff: boolean;
  deletable: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (a: Action) =>
      a === 'sessions'
        ? endSessions(memberId, reason)
        : a === 'mail'
          ? enableMail(memberId, reason)
          : startDeletion(memberId, reason),
    onSuccess: (_res, a) => {
      setOpen(null);
      setReason('');
      setDone(t(`admin.members.done.${a}`));
      void client.invalidateQueries({ queryKey: memberKey(memberId) });
    },
  });
  const fields = run.error instanceof ApiError ? run.error.fields : undefined;
  if (!may.support && !may.admin) return null;
  const start = (a: Action) => {
    run.reset();
    setDone(null);
    setOpen(a);
  };
  return (
    <section className="adm-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.members.actionsTitle')}</h2>
      <div className="adm-actions">
        {may.support ? (
          <>
            <Button variant="secondary" onClick={() => start('sessions')}>
              {t('admin.members.action.sessions')}
            </Button>
            <Button variant="secondary" disabled={!mailOff} onClick={() => start('mail')}>
              {t('admin.members.action.mail')}
            </Button>
          </>
        ) : null}
        {may.admin ? (
          <Button variant="secondary" disabled={!deletable} onClick={() => start('delete')}>
            {t('admin.members.action.delete')}
          </Button>
        ) : null}
      </div>
      <ActionFeedback ok={done} />
      <Modal
        open={open !== null}
        size="sm"
        title={open ? t(`admin.members.action.${open}`) : ''}
        closeLabel={t('common.close')}
        onClose={run.isPending ? undefined : () => setOpen(null)}
      >
        <form
          className="adm-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (open && !run.isPending) run.mutate(open);
          }}
        >
          {open ? <p>{t(`admin.members.confirm.${open}`)}</p> : null}
          <ReasonField value={reason} error={fields?.reason} onChange={setReason} />
          <ActionFeedback error={run.isError && !fields ? run.error : null} />
          <div className="adm-actions">
            <Button type="submit" busy={run.isPending}>
              {t('admin.members.confirmButton')}
            </Button>
            <Button variant="secondary" disabled={run.isPending} onClick={() => setOpen(null)}>
              {t('admin.members.cancel')}
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
