import { errorText } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';
import { TextAreaField } from '../../../ui/fields.tsx';

/** The reason an operator gives for an action (audited with it): up to 500 characters. */
export function ReasonField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextAreaField
      label={t('admin.members.reason')}
      name="reason"
      rows={2}
      maxLength={500}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** What came of an action form: its refusal (an alert) or its success (a status), or nothing. */
export function ActionFeedback({ error, ok }: { error?: unknown; ok?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p className="adm-alert" role="alert">
          {errorText(error, t)}
        </p>
      ) : null}
      {ok ? (
        <p className="adm-ok" role="status">
          {ok}
        </p>
      ) : null}
    </>
  );
}
