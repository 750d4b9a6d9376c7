import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { call } from '../../../api/client.ts';
import { Head } from '../../../app/head.tsx';
import { useFormat } from '../../../app/i18n.ts';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { SelectField } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';

/** /admin/audit: every operator action on this site (and on every site), newest first, filtered by operator and action. */
export default function AuditPage() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const [params, setParams] = useSearchParams();
  const operator = params.get('operator') ?? undefined;
  const action = params.get('action') ?? undefined;
  const before = Number(params.get('before')) || undefined;
  const query = useQuery({
    queryKey: ['admin', 'audit', operator, action, before],
    queryFn: () => call(consoleEndpoints.adminCore.audit, { query: { operator, action, before, limit: 50 } }),
    placeholderData: keepPreviousData,
  });
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  const data = query.data;
  return (
    <section className="admin-page">
      <Head title={t('admin.core.audit.title')} noindex />
      <h1 className="admin-page__title">{t('admin.core.audit.title')}</h1>
      <div className="admin-filters">
        <SelectField
          label={t('admin.core.audit.operator')}
          value={operator ?? ''}
          onChange={(e) => set({ operator: e.target.value || undefined, before: undefined })}
        >
          <option value="">{t('admin.core.audit.all')}</option>
          {data?.operators.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin.core.audit.action')}
          value={action ?? ''}
          onChange={(e) => set({ action: e.target.value || undefined, before: undefined })}
        >
          <option value="">{t('admin.core.audit.all')}</option>
          {data?.actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
      </div>
      {query.isError ? <QueryError query={query} className="card admin-card" /> : null}
      {data ? (
        data.entries.length === 0 ? (
          <p className="card admin-card">{t('admin.core.audit.empty')}</p>
        ) : (
          <ol className="admin-list card admin-card" aria-label={t('admin.core.audit.title')}>
            {data.entries.map((e) => (
              <li key={e.id} className="admin-list__item">
                <div className="admin-list__head">
                  <strong>{e.action}</strong>
                  <time className="admin-muted" dateTime={e.at}>
                    {date(e.at, { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </div>
                <p>
                  {e.operator_id ? e.operator_name : t('admin.core.audit.commandLine')} ·{' '}
                  <span className="admin-muted">
                    {e.subject_type} {e.subject_id}
                  </span>
                </p>
                {e.reason ? <p>{t('admin.core.audit.reason', { reason: e.reason })}</p> : null}
                {Object.keys(e.details).length ? (
                  <pre className="admin-pre">{JSON.stringify(e.details, null, 1)}</pre>
                ) : null}
              </li>
            ))}
          </ol>
        )
      ) : query.isPending ? (
        <p>{t('admin.core.loading')}</p>
      ) : null}
      <div className="admin-pager button-row">
        {before ? (
          <Button variant="secondary" onClick={() => set({ before: undefined })}>
            {t('admin.core.audit.newest')}
          </Button>
        ) : null}
        {data?.next ? (
          <Button variant="secondary" onClick={() => set({ before: String(data.next) })}>
            {t('admin.core.audit.older')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
