import './credits-notes.css';
import { Link } from 'react-router';
import { useUser } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { CheckIcon, LockIcon, RefreshIcon } from '../../ui/icons.tsx';

/**
 * What a payer wants to know before paying: one-off, the provider's secure page (not where a
 * stored card is charged without a checkout: `checkout` false), the refund window.
 */
export function CreditsNotes({
  refundDays,
  checkout = true,
}: {
  refundDays: number | undefined;
  checkout?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul className="credits-notes">
      <li>
        <CheckIcon size={20} />
        <span>{t('credits.notes.oneOff')}</span>
      </li>
      {checkout ? (
        <li>
          <LockIcon size={20} />
          <span>{t('credits.notes.secure')}</span>
        </li>
      ) : null}
      {refundDays ? (
        <li>
          <RefreshIcon size={20} />
          <span>
            {t('credits.notes.refund', { count: refundDays })}{' '}
            <Link to="/pages/return-policy">{t('credits.notes.returnPolicy')}</Link>
          </span>
        </li>
      ) : null}
    </ul>
  );
}

/** For a visitor, under the packages: members buy, so log in first (and come back to `back`). */
export function VisitorNote({ back }: { back: string }) {
  const { t } = useTranslation();
  const user = useUser();
  if (user) return null;
  return (
    <p className="credits-visitor">
      {t('credits.pricing.visitorNote')}{' '}
      <Link to={`/login?redirect=${encodeURIComponent(back)}`}>{t('credits.pricing.login')}</Link>
    </p>
  );
}
