import type { MemberCard } from '@amora/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A member's portrait card with name, age and city (home page, signup matches, search). */
export function MemberTile({ m, className }: { m: MemberCard; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={`/members/${m.id}`} className={`member-tile ${className ?? ''}`}>
      {m.main_image ? <img src={m.main_image} alt="" loading="lazy" width={480} height={600} /> : null}
      <span className="member-tile__caption">
        <strong>{m.name}</strong>
        <span>
          {t('common.yearsOld', { count: m.age })}
          {m.city ? ` · ${m.city}` : ''}
        </span>
      </span>
    </Link>
  );
}
