import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '../ui/Pager.tsx';
import { Results } from '../ui/Results.tsx';
import { SearchForm, useSearchPage } from '../ui/SearchForm.tsx';
import { membersKey, searchMembers } from './api.ts';
import { useDates } from './format.ts';

/**
 * /admin/members: find a member of this site by e-mail (or its start), name or id; 20 a page,
 * newest first. The query and page live in the address, so Back returns to the same list.
 */
export function MembersSearch() {
  const { t } = useTranslation();
  const { date } = useDates();
  const { q, page, go } = useSearchPage();
  const list = useQuery({
    queryKey: [...membersKey, q, page],
    queryFn: ({ signal }) => searchMembers(q, page, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <section className="adm-members" aria-labelledby="adm-members-title">
      <h1 id="adm-members-title">{t('admin.members.title')}</h1>
      <SearchForm
        label={t('admin.members.searchLabel')}
        hint={t('admin.members.searchHint')}
        initial={q}
        onSearch={(nq) => go(nq, 1)}
      />
      <Results query={list} isEmpty={(d) => !d.members.length} empty={t('admin.members.none')}>
        {(data) => (
          <>
            <ul className="adm-list" aria-label={t('admin.members.results')}>
              {data.members.map((m) => (
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
            <Pager page={page} hasMore={data.has_more} onPage={(np) => go(q, np)} />
          </>
        )}
      </Results>
    </section>
  );
}
