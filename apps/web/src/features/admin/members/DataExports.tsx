import type { AdminMemberDetail } from '@amora/contracts';
import { useTranslation } from '../../../app/translation.ts';
import { useDates } from './format.ts';

/**
 * The member's data exports on their console page: that one was made, its state and how often it
 * was downloaded. Never what it holds (the console has no way to open an archive).
 */
export function DataExports({ exports }: { exports: AdminMemberDetail['data_exports'] }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  return (
    <section className="adm-card" aria-labelledby="adm-exports-title">
      <h2 id="adm-exports-title">{t('admin.members.exports.title')}</h2>
      {exports.length ? (
        <ul className="adm-rows">
          {exports.map((e) => (
            <li key={e.requested_at}>
              <span>{t('admin.members.exports.requested', { date: dateTime(e.requested_at) })}</span>
              <span className="adm-tag">{t(`admin.members.exports.state.${e.state}`)}</span>
              {e.state === 'ready' && e.expires_at ? (
                <span className="adm-muted">
                  {t('admin.members.exports.until', { date: dateTime(e.expires_at) })}
                </span>
              ) : null}
              <span>{t('admin.members.exports.downloads', { n: e.downloads })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="adm-muted">{t('admin.members.exports.none')}</p>
      )}
    </section>
  );
}
