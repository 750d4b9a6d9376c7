import { COMPLAINT_REASONS } from '@amora/contracts/profile';
import { useEffect, useRef, useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { useHydrated } from '../../app/hydrated.ts';
import { lazyCheck } from '../../app/lazy-check.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert, SelectField, TextAreaField } from '../../ui/fields.tsx';
import { CheckIcon } from '../../ui/icons.tsx';
import { useActionForm } from '../../ui/use-action-form.ts';
import { type ComplaintReason, sendComplaint } from './api.ts';
import '../../ui/auth.css';
import './complaints.css';

export const COMPLAINT_MIN = 10;
export const COMPLAINT_MAX = 3000;

type Form = { reason: string; text: string };
const FIELDS = ['reason', 'text'] as const;
const check = lazyCheck<Form>(() => import('./check.ts').then((m) => m.complaintCheck));

/**
 * The complaint form (reason, what happened): on /complaints and in the Report dialog of a
 * profile. The server e-mails the member an acknowledgment; the form turns into a thank-you that
 * says what happens next (the same steps as the mail, in the member's language).
 */
export function ComplaintForm({
  memberId,
  about,
  onDone,
}: {
  /** The reported member, when there is one. */
  memberId?: string;
  /** Shown above the fields (e.g. which member the report is about). */
  about?: React.ReactNode;
  /** Shown on the thank-you, e.g. a close button in the dialog. */
  onDone?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [doneId, setDoneId] = useState<string | null>(null);
  const hydrated = useHydrated();
  const doneRef = useRef<HTMLHeadingElement>(null);
  const { form, field, values, alert, submit, busy } = useActionForm<Form>({
    check,
    defaultValues: { reason: '', text: '' },
    fields: FIELDS,
  });
  const text = values.text;

  useEffect(() => {
    if (doneId) doneRef.current?.focus();
  }, [doneId]);

  const onSubmit = submit(async (v) => {
    const res = await sendComplaint({
      member_id: memberId,
      reason: v.reason as ComplaintReason,
      text: v.text.trim(),
    });
    setDoneId(res.id);
  });

  if (doneId) {
    return (
      <div className="complaint-done">
        <CheckIcon size={32} className="auth-card__icon auth-card__icon--success" />
        <h2 ref={doneRef} tabIndex={-1} className="complaint-done__title">
          {t('complaints.doneTitle')}
        </h2>
        <p role="status">{t('complaints.doneText', { id: doneId.slice(0, 8).toUpperCase() })}</p>
        <h3 className="complaint-done__next">{t('complaintNext.title')}</h3>
        <ol className="complaint-done__steps">
          <li>{t('complaintNext.step1')}</li>
          <li>{t('complaintNext.step2')}</li>
          <li>{t('complaintNext.step3', { email: settings.support_email })}</li>
        </ol>
        <p className="muted">{t('complaintNext.urgent')}</p>
        {onDone}
      </div>
    );
  }

  return (
    <form {...form} onSubmit={onSubmit} className="complaint-form">
      {about}
      <FormAlert>{alert}</FormAlert>
      <fieldset className="form-fieldset" disabled={!hydrated}>
        <SelectField label={t('complaints.reason')} {...field('reason')}>
          <option value="">{t('complaints.chooseReason')}</option>
          {COMPLAINT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`complaints.reasons.${r}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('complaints.text')}
          rows={6}
          maxLength={COMPLAINT_MAX}
          hint={t('complaints.textHint', {
            count: text.trim().length,
            min: COMPLAINT_MIN,
            max: COMPLAINT_MAX,
          })}
          {...field('text')}
        />
        <Button type="submit" busy={busy}>
          {t('complaints.submit')}
        </Button>
      </fieldset>
    </form>
  );
}
