import './balance.css';
import './credits-card.css';
import type { User } from '@amora/contracts';
import { Link } from 'react-router';
import { useTranslation } from '../../app/translation.ts';
import { CoinIcon, CrownIcon } from '../../ui/icons.tsx';

/** The member's balance and premium state, with the way to their transactions. */
export function BalanceCard({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <section className="balance" aria-labelledby="balance-title">
      <span className="credits-icon">
        <CoinIcon size={26} />
      </span>
      <div className="balance__body">
        <h2 id="balance-title" className="credits-label">
          {t('credits.balance.title')}
        </h2>
        <p className="balance__value">
          <span className="balance__number">{user.credits}</span>{' '}
          <span className="balance__unit">{t('credits.unit', { count: user.credits })}</span>
        </p>
        <p className={`balance__tier${user.paid_user ? ' balance__tier--premium' : ''}`}>
          {user.paid_user ? <CrownIcon size={16} /> : null}
          {user.paid_user ? t('credits.balance.premium') : t('credits.balance.free')}
        </p>
      </div>
      <Link to="/transactions" className="balance__link">
        {t('credits.balance.transactions')}
      </Link>
    </section>
  );
}
