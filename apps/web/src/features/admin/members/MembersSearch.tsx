import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/fields.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { membersKey, searchMembers } from './api.ts';
import { useDates } from './format.ts';

/**
 * /admin/members: find a member of this site by e-mail (or its start), name or id; 20 a page,
 * newest first. The query and page live in the address, so Back returns to the same list.
 */
export function MembersSearch() {
  const { t } = useTranslation();
  const { date } = useDates();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [value, setValue] = useState(q);
  const list = useQuery({
    queryKey: [...membersKey, q, page],
    queryFn: ({ signal }) => searchMembers(q, page, signal),
    placeholderData: keepPreviousData,
  });
  const go = (next: { q?: string; page?: number }) => {
    const nq = next.q ?? q;
    const np = next.page ?? 1;
    setParams({ ...(nq ? { q: nq } : {}), ...(np > 1 ? { page: String(np) } : {}) });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ q: value.trim(), page: 1 });
  };

  return (
    <section className="adm-members" aria-labelledby="adm-members-title">
      <h1 id="adm-members-title">{t('admin.members.title')}</h1>
      <form className="adm-search" onSubmit={submit}>
        <TextField
          label={t('admin.members.searchLabel')}
          hint={t('admin.members.searchHint')}
          type="search"
          name="q"
          value={value}
          maxLength={254}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit">{t('admin.members.search')}</Button>
      </form>
      {list.isError && !list.data ? (
        <QueryError query={list} />
      ) : list.data ? (
        list.data.members.length ? (
          <>
            <ul className="adm-list" aria-label={t('admin.members.results')}>
              {list.data.members.map((m) => (
                <li key={m.id} className="adm-list__item">
                  <Link to={`/admin/members/${m.id}`} className="adm-list__main">
                    <strong>{m.name ?? t('admin.members.noName')}</strong>
                    <span className="adm-muted">{m.email}</span>
                  </Link>
                  <span className="adm-list__facts">
                    <span>{t(`admin.members.status.${m.status}`, { defaultValue: m.status })}</span>
                    <span>{m.country ?? '—'}</span>
                    <span>{t('admin.members.creditsN', { count: m.credits })}</span>
                    <span>{t('admin.members.since', { date: date(m.signup_date) })}</span>
                    {m.paid_user ? <span className="adm-tag">{t('admin.members.premium')}</span> : null}
                    {m.fictional ? <span className="adm-tag">{t('admin.members.fictional')}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
            <nav className="adm-pager" aria-label={t('admin.members.pages')}>
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => go({ page: page - 1 })}
              >
                {t('admin.members.prev')}
              </Button>
              <span>{t('admin.members.page', { page })}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={!list.data.has_more}
                onClick={() => go({ page: page + 1 })}
              >
                {t('admin.members.next')}
              </Button>
            </nav>
          </>
        ) : (
          <p className="adm-empty">{t('admin.members.none')}</p>
        )
      ) : (
        <p className="adm-muted">{t('common.loading')}</p>
      )}
    </section>
  );
}
