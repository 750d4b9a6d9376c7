import { useSettings } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { BlockIcon } from '../../ui/icons.tsx';

/** Spec §8 "blocked by member": the page says so and leads back to the search. */
export function NoAccess() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <section className="error-page container">
      <Head title={t('meta.noAccessTitle', { siteName: settings.name })} noindex />
      <BlockIcon size={40} className="auth-card__icon auth-card__icon--danger" />
      <h1 className="error-page__message">{t('errors.blocked_by_member')}</h1>
      <ButtonLink to="/members" size="lg">
        {t('member.backToSearch')}
      </ButtonLink>
    </section>
  );
}
