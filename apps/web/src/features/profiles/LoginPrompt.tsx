import { useTranslation } from '../../app/translation.ts';
import { useLoginHref } from '../../entities/session/login-href.ts';
import { SignupLink } from '../../entities/signup/SignupLink.tsx';
import { rememberSignupMember, type SignupMember } from '../../entities/signup/signup-member.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';

/** Why a visitor must log in (spec §6: like, chat, see more photos, send a gift each have their own words). */
export type LoginReason = 'login_to_like' | 'login_to_chat' | 'login_to_see_photos' | 'login_to_gift';

/**
 * A dialog telling a visitor why they need to log in, with the ways in. On a member's page the
 * signup remembers that member: the signup's first message goes to them (signup/signup-member.ts).
 */
export function LoginPrompt({
  reason,
  onClose,
  member,
}: {
  reason: LoginReason | null;
  onClose: () => void;
  member?: SignupMember;
}) {
  const { t } = useTranslation();
  const loginHref = useLoginHref();
  return (
    <Modal open={reason !== null} size="sm" title={t('member.loginTitle')} onClose={onClose}>
      <p className="login-prompt__text">{reason ? t(`errors.${reason}`) : null}</p>
      <div className="modal__actions">
        <ButtonLink to={loginHref} size="lg" block autoFocus>
          {t('nav.login')}
        </ButtonLink>
        <SignupLink
          variant="secondary"
          block
          onClick={() => {
            if (member) rememberSignupMember(member);
            onClose();
          }}
        >
          {t('nav.signup')}
        </SignupLink>
      </div>
    </Modal>
  );
}
