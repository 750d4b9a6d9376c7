import { dateTimeFormat } from '@amora/contracts/intl';
import { useTranslation } from '../../../app/translation.ts';
import { hasRole, useOperatorSession } from '../api.ts';
import { AreaTabs } from '../ui/AreaTabs.tsx';

/** The area's tabs, inbox and profiles (admins only: support sees the inbox alone). */
export function Tabs() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  if (!hasRole(session.data, ['admin'])) return null;
  return (
    <AreaTabs
      label={t('admin.fictional.title')}
      tabs={[
        ['/admin/fictional', t('admin.fictional.inbox')],
        ['/admin/fictional/profiles', t('admin.fictional.profiles')],
      ]}
    />
  );
}

/** A message's date and time, short, in the console's language. */
export const when = (iso: string, lng: string) =>
  dateTimeFormat(lng, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
