import { useNavigate } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { DetailTitle } from '../ui/Detail.tsx';
import { MailingForm } from './MailingForm.tsx';

/** /admin/mailings/new: a new mailing, saved as a draft, then its page (preview, test, schedule). */
export function NewMailing() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="adm-mailings" aria-labelledby="adm-mailing-new">
      <DetailTitle
        id="adm-mailing-new"
        back={{ to: '/admin/mailings', label: t('admin.mailings.backToList') }}
      >
        {t('admin.mailings.newTitle')}
      </DetailTitle>
      <MailingForm mailing={null} onSaved={(m) => navigate(`/admin/mailings/${m.id}`)} />
    </section>
  );
}
