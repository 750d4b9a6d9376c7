import { Link, useSearchParams } from 'react-router';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { ComplaintForm } from '../../entities/complaints/ComplaintForm.tsx';
import { useMember } from '../../entities/member/queries.ts';
import { useLoginHref } from '../../entities/session/login-href.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { FlagIcon } from '../../ui/icons.tsx';
import '../../ui/auth.css';
import '../../entities/complaints/complaints.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which member the report is about (?member=<id>), with a link to the profile. */
function AboutMember({ id }: { id: string }) {
  const { t } = useTranslation();
  const member = useMember(id);
  return (
    <p className="form-alert form-alert--info complaint-about">
      {t('complaints.aboutLead')}{' '}
      <Link to={`/members/${id}`}>{member.data ? member.data.name : t('complaints.aboutProfile')}</Link>
    </p>
  );
}

/**
 * /complaints (linked from every footer). Members fill in the form; the server e-mails an
 * acknowledgment. Visitors read how it works and are asked to log in, or to write to support.
 */
export default function ComplaintsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const loginHref = useLoginHref();
  const [params] = useSearchParams();
  const member = params.get('member');
  const memberId = member && UUID.test(member) ? member : undefined;
  return (
    <div className="auth-page container">
      <Head
        title={t('meta.complaintsTitle', { siteName: settings.name })}
        description={t('meta.complaintsDescription', { siteName: settings.name })}
      />
      <div className="card auth-card auth-card--wide">
        <FlagIcon size={28} className="auth-card__icon complaint-icon" />
        <h1 className="auth-card__title">{t('complaints.title')}</h1>
        <p className="auth-card__lead">{t('complaints.lead')}</p>
        {user ? (
          <ComplaintForm
            memberId={memberId}
            about={memberId ? <AboutMember id={memberId} /> : null}
            onDone={
              <ButtonLink to="/members" variant="secondary">
                {t('member.backToSearch')}
              </ButtonLink>
            }
          />
        ) : (
          <div className="complaint-visitor">
            <p>{t('complaints.visitorText')}</p>
            <ButtonLink to={loginHref} size="lg" block>
              {t('complaints.login')}
            </ButtonLink>
            <p className="auth-card__switch">
              {t('complaints.supportText')}{' '}
              <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
