import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { ListPage } from '../ui/ListHead.tsx';
import { fetchProfiles, profilesKey } from './api.ts';

/** The site's profiles that may be marked fictional (admins): each to its editor, and a new one. */
export function Profiles() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: profilesKey, queryFn: ({ signal }) => fetchProfiles(signal) });
  return (
    <ListPage
      id="adm-prof-title"
      title={t('admin.fictional.profiles')}
      add={{ to: '/admin/fictional/profiles/new', label: t('admin.fictional.newProfile') }}
      query={list}
      items={(d) => d.profiles}
    >
      {(p) => (
        <li key={p.id} className="adm-sites__item">
          <Link to={`/admin/fictional/profiles/${p.id}`}>
            <strong>{p.name}</strong>
          </Link>
          <span className="adm-sites__facts">
            <span>{p.fictional ? t('admin.fictional.marked') : t('admin.fictional.unmarked')}</span>
            <span>{t('admin.fictional.conversationsN', { count: p.conversations })}</span>
            <span>{[p.city, p.country].filter(Boolean).join(', ')}</span>
          </span>
        </li>
      )}
    </ListPage>
  );
}
