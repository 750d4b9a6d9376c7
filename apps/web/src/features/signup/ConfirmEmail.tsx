import { Link } from 'react-router';
import { Trans, useTranslation } from '../../app/translation.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { MailIcon } from '../../ui/icons.tsx';

/**
 * The complete step (spec §4): confirm your e-mail. Shows the address, tips for when the mail
 * does not arrive, the way to fix it (issue 26 item 12: a new account may log in before it is
 * confirmed; its settings send the mail again (activation banner) and change the address, whose
 * confirmation confirms the account), and the way on to the members who match the new profile.
 */
export function ConfirmEmail({ email, onLeave }: { email: string | null; onLeave?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="confirm-email">
      <p className="confirm-email__text">
        {email ? (
          <Trans i18nKey="signup.complete.sentTo" values={{ email }} components={{ strong: <strong /> }} />
        ) : (
          t('signup.complete.sentGeneric')
        )}
      </p>
      <div className="confirm-email__tips">
        <MailIcon className="confirm-email__icon" size={28} />
        <div>
          <p className="confirm-email__tips-title">{t('signup.complete.tipsTitle')}</p>
          <ul>
            <li>{t('signup.complete.tipSpam')}</li>
            <li>{t('signup.complete.tipWait')}</li>
            <li>{t('signup.complete.tipAddress')}</li>
          </ul>
        </div>
      </div>
      <p className="confirm-email__fix">
        {t('signup.complete.fixIt')}{' '}
        <Link to={`/login?redirect=${encodeURIComponent('/notifications')}`} onClick={onLeave}>
          {t('signup.complete.fixItLink')}
        </Link>
      </p>
      <ButtonLink to="/signup-matches" size="lg" block onClick={onLeave}>
        {t('signup.complete.matches')}
      </ButtonLink>
    </div>
  );
}
