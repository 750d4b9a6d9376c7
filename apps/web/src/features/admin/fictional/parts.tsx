import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { hasRole, useOperatorSession } from '../api.ts';

/** The area's tabs, inbox and profiles (admins only: support sees the inbox alone). */
export function Tabs() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  if (!hasRole(session.data, ['admin'])) return null;
  return (
    <nav className="adm-sites__facts" aria-label={t('admin.fictional.title')}>
      <NavLink to="/admin/fictional" end>
        {t('admin.fictional.inbox')}
      </NavLink>
      <NavLink to="/admin/fictional/profiles">{t('admin.fictional.profiles')}</NavLink>
    </nav>
  );
}

/** A message's date and time, short, in the console's language. */
export const when = (iso: string, lng: string) =>
  new Intl.DateTimeFormat(lng, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
