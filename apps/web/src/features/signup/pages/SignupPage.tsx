import { useSettings } from '../../../api/queries.ts';
import { Head } from '../../../app/head.tsx';
import { useTranslation } from '../../../app/translation.ts';
import SignupFlow from '../SignupFlow.tsx';
import '../../../ui/auth.css';

/** /signup: the signup flow as a page (phones, and desktop visitors without the modal). */
export default function SignupPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <div className="auth-page auth-page--wide container">
      <Head
        title={t('meta.signupTitle', { siteName: settings.name })}
        description={t('meta.signupDescription', { siteName: settings.name })}
      />
      <div className="card auth-card auth-card--wide">
        <SignupFlow variant="page" />
      </div>
    </div>
  );
}
