import { useEffect, useState } from 'react';
import { useSettings } from '../../../api/queries.ts';
import { Head } from '../../../app/head.tsx';
import { useTranslation } from '../../../app/translation.ts';
import { ConfirmEmail } from '../ConfirmEmail.tsx';
import { readSignupResult } from '../request.ts';
import { Stepper } from '../Stepper.tsx';
import { stepsWithPush } from '../steps.ts';
import '../../../ui/auth.css';
import '../signup.css';

/** /complete-signup: confirm your e-mail (the end of the signup page; no language dropdown here). */
export default function CompleteSignupPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  // The address is only known in this tab (session storage), so it appears after hydration.
  const [email, setEmail] = useState<string | null>(null);
  // The signup counted the push step: so does this page (the counter keeps its total).
  const [push, setPush] = useState(false);
  useEffect(() => {
    const result = readSignupResult();
    setEmail(result?.email ?? null);
    setPush(result?.push === true);
  }, []);
  return (
    <div className="auth-page container">
      <Head title={t('meta.completeSignupTitle', { siteName: settings.name })} noindex />
      <div className="card auth-card signup signup--page">
        <Stepper current="complete" all={stepsWithPush(push)} />
        <h1 className="signup__title">{t('signup.complete.title')}</h1>
        <ConfirmEmail email={email} />
      </div>
    </div>
  );
}
