import type { InboxMemberFacts } from '@amora/contracts';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { useDates } from '../members/format.ts';
import { Facts } from '../ui/Detail.tsx';

/**
 * The real member beside a conversation with a fictional profile: screen name, age, city, credits,
 * premium and last seen, and a link to the member in the console (what the server sends: no e-mail).
 */
export function MemberFacts({ member: m }: { member: InboxMemberFacts }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const none = '—';
  const facts: [string, string][] = [
    [t('admin.fictional.facts.name'), m.name],
    [t('admin.fictional.facts.age'), m.age === null ? none : String(m.age)],
    [t('admin.fictional.facts.city'), m.city || none],
    [t('admin.fictional.facts.credits'), String(m.credits)],
    [
      t('admin.fictional.facts.premium'),
      m.premium ? t('admin.fictional.facts.yes') : t('admin.fictional.facts.no'),
    ],
    [t('admin.fictional.facts.lastSeen'), dateTime(m.last_active_at)],
  ];
  return (
    <aside className="adm-conv__facts" aria-labelledby="adm-conv-facts">
      <h2 id="adm-conv-facts">{t('admin.fictional.facts.title')}</h2>
      <Facts facts={facts} />
      <Link to={`/admin/members/${m.id}`}>{t('admin.fictional.facts.open')}</Link>
    </aside>
  );
}
