import { EMAIL_PATTERN } from '@amora/contracts/rules';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useSettings } from '../../../api/queries.ts';
import { useHydrated } from '../../../app/hydrated.ts';
import { useTranslation } from '../../../app/translation.ts';
import { login } from '../../../entities/session/api.ts';
import { useSetUser } from '../../../entities/session/session.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmailField, FormAlert, PasswordField } from '../../../ui/fields.tsx';
import { needsApp } from '../../../ui/needs-app.ts';
import { useApiForm } from '../../../ui/use-api-form.ts';
import { AuthCard } from '../AuthCard.tsx';
import { PasskeyLogin } from '../PasskeyLogin.tsx';

type LoginForm = { email: string; password: string };

/**
 * The form's checks as contracts' loginRequestSchema with emailField makes them (the address
 * trimmed, lower-cased, at most 254 characters and well formed: email_invalid; a password:
 * field_required), without zod on this public page (34 KiB gzip). The server checks again.
 */
const loginResolver: Resolver<LoginForm> = async (v): Promise<ResolverResult<LoginForm>> => {
  const email = v.email.trim().toLowerCase();
  const errors: FieldErrors<LoginForm> = {};
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    errors.email = { type: 'invalid_format', message: 'email_invalid' };
  }
  if (v.password.length === 0) errors.password = { type: 'too_small', message: 'field_required' };
  return Object.keys(errors).length
    ? { values: {}, errors }
    : { values: { email, password: v.password }, errors: {} };
};

/**
 * /login. On success the member goes into the ['user'] query and the auth guard takes them where
 * the login was asked for (?redirect=, only paths on this site), else to the members area.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const setUser = useSetUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const { field, alert, submit, busy } = useApiForm<LoginForm>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
  });
  const refused = (err: unknown) => {
    // A suspended or banned account: the statement of reasons and the appeal are on the notice page.
    if (!(err instanceof ApiError && err.code === 'account_restricted' && err.details?.notice)) return false;
    navigate(`/notice/${err.details.notice}`);
    return true;
  };
  const onSubmit = submit(async (v) => setUser(await login(v.email, v.password)), { refused });
  return (
    <AuthCard
      head={{
        title: t('meta.loginTitle', { siteName: settings.name }),
        description: t('meta.loginDescription', { siteName: settings.name }),
      }}
      title={t('auth.login.title')}
    >
      <p className="auth-card__lead">{t('auth.login.lead', { siteName: settings.name })}</p>
      {params.get('reactivated') === '1' ? (
        <FormAlert tone="success">{t('auth.login.reactivated')}</FormAlert>
      ) : null}
      {params.get('link') === 'invalid' ? <FormAlert>{t('auth.login.linkInvalid')}</FormAlert> : null}
      <PasskeyLogin onUser={setUser} refused={refused} />
      <FormAlert>{alert}</FormAlert>
      <form noValidate onSubmit={onSubmit}>
        <fieldset className="form-fieldset" {...needsApp(hydrated)}>
          <EmailField label={t('auth.email')} autoComplete="username webauthn" {...field('email')} />
          <PasswordField label={t('auth.password')} autoComplete="current-password" {...field('password')} />
          <p className="auth-card__aside">
            <Link to="/reset-password">{t('auth.login.forgot')}</Link>
          </p>
          <Button type="submit" size="lg" block busy={busy}>
            {t('auth.login.submit')}
          </Button>
        </fieldset>
      </form>
      <p className="auth-card__switch">
        {t('auth.login.noAccount')} <Link to="/signup">{t('nav.signup')}</Link>
      </p>
    </AuthCard>
  );
}
