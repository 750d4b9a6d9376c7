import type { ScamKind } from '@amora/contracts';
import { useMutation } from '@tanstack/react-query';
import { errorText } from '../../api/client.ts';
import { useTranslation } from '../../app/translation.ts';
import { sendComplaint } from '../../entities/complaints/api.ts';
import { AlertIcon, FlagIcon } from '../../ui/icons.tsx';
import './scam-warning.css';

/**
 * A calm warning under a received message that matched a scam rule (issue 30): what the message
 * asks for, what to do, and a one-tap report of its sender. Only the recipient ever sees it; the
 * message itself is shown as it came (nothing is blocked).
 */
export function ScamWarning({
  kind,
  partnerId,
  partnerName,
  body,
}: {
  kind: ScamKind;
  partnerId: string;
  partnerName: string;
  body: string;
}) {
  const { t } = useTranslation();
  const report = useMutation({
    mutationFn: () =>
      sendComplaint({
        member_id: partnerId,
        reason: 'scam',
        text: t('chat.scam.reportText', { message: body.slice(0, 2500) }),
      }),
  });
  return (
    <aside className="scam-warning" aria-label={t('chat.scam.label', { name: partnerName })}>
      <p className="scam-warning__text">
        <AlertIcon size={16} />
        <span>
          <strong>{t('chat.scam.title')}</strong> {t(`chat.scam.kind.${kind}`)} {t('chat.scam.advice')}
        </span>
      </p>
      {report.isSuccess ? (
        <p className="scam-warning__done" role="status">
          {t('chat.scam.reported')}
        </p>
      ) : (
        <button
          type="button"
          className="scam-warning__report"
          disabled={report.isPending}
          onClick={() => report.mutate()}
        >
          <FlagIcon size={14} />
          {t('chat.scam.report', { name: partnerName })}
        </button>
      )}
      {report.isError ? (
        <p className="scam-warning__error" role="alert">
          {errorText(report.error, t)}
        </p>
      ) : null}
    </aside>
  );
}
