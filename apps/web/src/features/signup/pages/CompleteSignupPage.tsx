import { useMemo, useSyncExternalStore } from 'react';
import { useSettings } from '../../../api/queries.ts';
import { Head } from '../../../app/head.tsx';
import { useTranslation } from '../../../app/translation.ts';
import { ConfirmEmail } from '../ConfirmEmail.tsx';
import { parseSignupResult, storedSignupResult } from '../request.ts';
import { Stepper } from '../Stepper.tsx';
import { stepsWithPush } from '../steps.ts';
import '../../../ui/auth.css';
import '../signup.css';

/** The stored result changes only by this tab's own signup, before it comes here. */
const unchanging = () => () => {};

/** /complete-signup: confirm your e-mail (the end of the signup page; no language dropdown here). */
export default function CompleteSignupPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  // The address is only known in this tab (session storage): read at the first render in the
  // browser, so the page reached from the signup shows it at once; on the server and while a
  // reloaded page hydrates, not yet. Read in an effect, the counter showed "6 of 6" for a frame
  // before "7 of 7" (CI caught it between the two).
  const stored = useSyncExternalStore(unchanging, storedSignupResult, () => null);
  const result = useMemo(() => parseSignupResult(stored), [stored]);
  const email = result?.email ?? null;
  // The signup counted the push step: so does this page (the counter keeps its total).
  const push = result?.push === true;
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
