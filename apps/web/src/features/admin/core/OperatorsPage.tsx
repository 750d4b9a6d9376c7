import type { OperatorSession } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, errorText } from '../../../api/client.ts';
import { Head } from '../../../app/head.tsx';
import { useTranslation } from '../../../app/translation.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { useOperatorSession } from '../api.ts';

/**
 * /admin/operators (admins): the site's operators, their roles, and whether their login needs the
 * authenticator app; the switch only for operators within the admin's reach (a site's admin never
 * changes an operator who also works elsewhere).
 */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const session = useOperatorSession().data as OperatorSession;
  const client = useQueryClient();
  const key = ['admin', 'operators'];
  const query = useQuery({ queryKey: key, queryFn: () => call(consoleEndpoints.adminCore.operators) });
  const toggle = useMutation({
    mutationFn: (v: { id: string; required: boolean }) =>
      call(consoleEndpoints.adminCore.requireTotp, { params: { id: v.id }, body: { required: v.required } }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
  return (
    <section className="admin-page">
      <Head title={t('admin.core.operators.title')} noindex />
      <h1 className="admin-page__title">{t('admin.core.operators.title')}</h1>
      <p className="admin-muted">{t('admin.core.operators.lead')}</p>
      <FormAlert>{toggle.isError ? errorText(toggle.error, t) : null}</FormAlert>
      {query.isError ? <QueryError query={query} className="card admin-card" /> : null}
      {query.data ? (
        <ul className="admin-list card admin-card">
          {query.data.operators.map((o) => (
            <li key={o.id} className="admin-list__item">
              <div className="admin-list__head">
                <strong>{o.name}</strong>
                <span className="admin-muted">{o.email}</span>
              </div>
              <p>
                {o.grants
                  .map(
                    (g) =>
                      `${t(`admin.core.roles.${g.role}`)} · ${g.site_id === null ? t('admin.core.account.allSites') : g.site_id === session.site.id ? session.site.name : `#${g.site_id}`}`,
                  )
                  .join(', ')}
                {o.disabled ? ` · ${t('admin.core.operators.disabled')}` : ''}
              </p>
              <p className="admin-muted">
                {o.totp_enabled ? t('admin.core.account.totpEnabled') : t('admin.core.account.totpDisabled')}
                {o.totp_required ? ` ${t('admin.core.operators.required')}` : ''}
              </p>
              {o.manageable ? (
                <Button
                  variant="secondary"
                  size="sm"
                  busy={toggle.isPending && toggle.variables?.id === o.id}
                  onClick={() => toggle.mutate({ id: o.id, required: !o.totp_required })}
                >
                  {o.totp_required ? t('admin.core.operators.unrequire') : t('admin.core.operators.require')}
                </Button>
              ) : (
                <p className="admin-muted">{t('admin.core.operators.outOfReach')}</p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
