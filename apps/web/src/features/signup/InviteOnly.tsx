import { useTranslation } from '../../app/translation.ts';
import { ButtonLink } from '../../ui/Button.tsx';

/** Spec §4/§8: the invite-only notice shown instead of the signup form when signups are closed. */
export function InviteOnly({ onLeave }: { onLeave?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="invite-only">
      <p className="invite-only__text">{t('errors.signups_closed')}</p>
      <p className="muted">{t('signup.inviteOnly.text')}</p>
      <ButtonLink to="/login" variant="secondary" onClick={onLeave}>
        {t('signup.inviteOnly.login')}
      </ButtonLink>
    </div>
  );
}
