import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSettings, useUser } from '../../../api/queries.ts';
import { useTranslation } from '../../../app/translation.ts';
import { useRefreshUserOnMount } from '../../../entities/session/session.ts';
import { useKeptPhotoUpload } from '../../../entities/signup/useKeptPhotoUpload.ts';
import { ButtonLink } from '../../../ui/Button.tsx';
import { AuthCard, AuthIcon } from '../AuthCard.tsx';

/** /activate/done: the activation link worked (the server logged the member in and sent them here). */
export default function ActivateDonePage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  // The account just became active: make sure the banner and the navigation know.
  useRefreshUserOnMount();
  // The photo of signup step 1, kept in this browser, goes up now (signup/signup-photo.ts).
  const photo = useKeptPhotoUpload();
  // ?chat={member}: the signup message reached that member; the conversation goes on there.
  // ?to={member}: the member whose lander brought them (no message yet): the chat opens there.
  const [params] = useSearchParams();
  const sent = params.get('chat');
  const chat = sent ?? params.get('to');
  const chatTo = chat && /^[0-9a-f-]{36}$/i.test(chat) ? chat : null;
  // Brought by a member's lander without a message (?to=): once the kept photo is up (or there is
  // none), the new member goes straight on to that member's chat (a failed photo stays to be read).
  const navigate = useNavigate();
  const onward =
    !sent && chatTo && user && (photo.state === 'none' || photo.state === 'done') ? chatTo : null;
  useEffect(() => {
    if (onward) navigate(`/members/${onward}/chat`, { replace: true });
  }, [onward, navigate]);
  return (
    <AuthCard
      head={{ title: t('meta.activatedTitle', { siteName: settings.name }), noindex: true }}
      icon={<AuthIcon kind="success" />}
      title={
        user?.profile.name
          ? t('auth.activated.titleNamed', { name: user.profile.name })
          : t('auth.activated.title')
      }
    >
      <p className="auth-card__lead">{t('auth.activated.text', { siteName: settings.name })}</p>
      {sent && chatTo && user ? <p className="auth-card__lead">{t('auth.activated.messageSent')}</p> : null}
      <p className="auth-card__lead" role="status">
        {photo.state === 'uploading'
          ? t('auth.activated.photoUploading')
          : photo.state === 'done'
            ? t('auth.activated.photoDone')
            : photo.state === 'failed'
              ? t('auth.activated.photoFailed', { message: photo.message })
              : null}
      </p>
      {chatTo && user ? (
        <ButtonLink to={`/members/${chatTo}/chat`} size="lg" block>
          {t('auth.activated.chat')}
        </ButtonLink>
      ) : null}
      <ButtonLink
        to={user ? '/members' : '/login'}
        size="lg"
        block
        variant={chatTo && user ? 'secondary' : undefined}
      >
        {user ? t('auth.activated.cta') : t('auth.login.submit')}
      </ButtonLink>
    </AuthCard>
  );
}
