import type { DataExportStatus } from '@amora/contracts';
import { endpoints } from '@amora/contracts/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, errorText } from '../../api/client.ts';
import { useFormat } from '../../app/i18n.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/fields.tsx';
import { SettingsSection } from '../../ui/SettingsSection.tsx';

const statusKey = ['data-export'] as const;
// Dates with their hour and zone (the once-a-day limit turns at midnight UTC).
const WHEN: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * "Your data" (issue 30 item 1; GDPR Art. 15 and 20): asks for an archive of everything about the
 * member, and shows where the latest one stands: requested, being prepared, ready until a date
 * (with its download), expired. Once a day: a second request answers when the next may be made.
 */
export function DataExport() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const qc = useQueryClient();
  const status = useQuery({
    queryKey: statusKey,
    queryFn: () => call(endpoints.dataExport.status),
    // While the job builds it, the page follows (the mail says it too).
    refetchInterval: (q) => (['requested', 'preparing'].includes(q.state.data?.state ?? '') ? 3000 : false),
  });
  const request = useMutation({
    mutationFn: () => call(endpoints.dataExport.request),
    onSuccess: (s: DataExportStatus) => qc.setQueryData(statusKey, s),
  });
  const s = status.data;
  const when = (iso: string | null) => (iso ? date(iso, WHEN) : '');
  const line =
    s && s.state !== 'none'
      ? t(`settings.dataExport.${s.state}`, {
          date: when(s.state === 'ready' ? s.expires_at : s.requested_at),
        })
      : null;
  return (
    <SettingsSection
      id="settings-data-export"
      title={t('settings.dataExport.title')}
      lead={t('settings.dataExport.lead')}
    >
      {request.isError ? <FormAlert>{errorText(request.error, t)}</FormAlert> : null}
      {request.isSuccess ? <FormAlert tone="success">{t('settings.dataExport.asked')}</FormAlert> : null}
      {line ? (
        <p className="settings-data-export__state" role="status">
          {line}
        </p>
      ) : null}
      {s?.download_url ? (
        <p>
          <a className="btn btn--secondary btn--md" href={s.download_url} download>
            {t('settings.dataExport.download')}
          </a>
        </p>
      ) : null}
      {s?.next_request_at ? (
        <p className="muted">{t('settings.dataExport.nextAt', { date: when(s.next_request_at) })}</p>
      ) : null}
      <div className="button-row">
        <Button variant="secondary" busy={request.isPending} onClick={() => request.mutate()}>
          {t('settings.dataExport.request')}
        </Button>
      </div>
    </SettingsSection>
  );
}
