import { Link } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { SearchPage, useSearchList } from '../ui/SearchPage.tsx';
import { membersKey, searchMembers } from './api.ts';
import { useDates } from './format.ts';

/**
 * /admin/members: find a member of this site by e-mail (or its start), name or id; 20 a page,
 * newest first. The query and page live in the address, so Back returns to the same list.
 */
export function MembersSearch() {
  const { t } = useTranslation();
  const { date } = useDates();
  const search = useSearchList(membersKey, searchMembers);

  return (
    <SearchPage
      className="adm-members"
      titleId="adm-members-title"
      title={t('admin.members.title')}
      field={{ label: t('admin.members.searchLabel'), hint: t('admin.members.searchHint') }}
      search={search}
      isEmpty={(d) => !d.members.length}
      empty={t('admin.members.none')}
    >
      {(data) => (
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
      )}
    </SearchPage>
  );
}
