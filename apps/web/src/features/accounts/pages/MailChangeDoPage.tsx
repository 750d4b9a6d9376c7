import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useSettings, useUser } from '../../../api/queries.ts';
import { useTranslation } from '../../../app/translation.ts';
import { confirmEmailChange } from '../../../entities/session/api.ts';
import { useSetUser } from '../../../entities/session/session.ts';
import { ButtonLink } from '../../../ui/Button.tsx';
import { AuthCard, AuthIcon } from '../AuthCard.tsx';

/** /mail-change/do?token=: confirms a new e-mail address as soon as the page opens, and tells the outcome. */
export default function MailChangeDoPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const setUser = useSetUser();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: (u) => {
      if (u) setUser(u);
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current || token.length < 20) return;
    started.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const failed = token.length < 20 || confirm.isError;
  const error = confirm.error;
  // null while the link is being checked
  const outcome = confirm.isSuccess
    ? {
        icon: <AuthIcon kind="success" />,
        title: t('auth.mailChange.doneTitle'),
        message: (
          <p className="auth-card__lead" role="status">
            {confirm.data?.email
              ? t('auth.mailChange.done', { email: confirm.data.email })
              : t('auth.mailChange.doneGeneric')}
          </p>
        ),
      }
    : failed
      ? {
          icon: <AuthIcon kind="danger" />,
          title: t('auth.mailChange.failedTitle'),
          message: (
            <p className="auth-card__lead" role="alert">
              {error instanceof ApiError && error.code !== 'mail_change_invalid' && error.message
                ? error.message
                : t('errors.mail_change_invalid')}
            </p>
          ),
        }
      : null;
  return (
    <AuthCard
      head={{ title: t('meta.mailChangeTitle', { siteName: settings.name }), noindex: true }}
      busy={!outcome}
      icon={outcome?.icon ?? <span className="btn__spinner auth-card__spinner" aria-hidden="true" />}
      title={outcome?.title ?? t('auth.mailChange.checking')}
    >
      {outcome ? (
        <>
          {outcome.message}
          <ButtonLink to={user ? '/notifications' : '/login'} size="lg" block>
            {user ? t('auth.mailChange.toSettings') : t('auth.login.submit')}
          </ButtonLink>
        </>
      ) : null}
    </AuthCard>
  );
}
