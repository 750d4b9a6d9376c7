import '../admin-area.css';
import './mailings.css';
import { Route, Routes } from 'react-router';
import { Head } from '../../../app/head.tsx';
import { useTranslation } from '../../../app/translation.ts';
import { MailingDetail } from './MailingDetail.tsx';
import { MailingsList } from './MailingsList.tsx';
import { NewMailing } from './NewMailing.tsx';

/**
 * The console's mailings (admins): /admin/mailings (the site's promotions and news with what
 * became of them), /admin/mailings/new (compose), /admin/mailings/:id (edit, preview, test to
 * oneself, schedule or cancel, and the counts).
 */
export default function MailingsPage() {
  const { t } = useTranslation();
  return (
    <div className="adm-mailings">
      <Head title={t('admin.mailings.nav')} noindex />
      <Routes>
        <Route index element={<MailingsList />} />
        <Route path="new" element={<NewMailing />} />
        <Route path=":id" element={<MailingDetail />} />
      </Routes>
    </div>
  );
}
