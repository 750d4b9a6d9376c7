import { Route, Routes } from 'react-router';
import { useTranslation } from '../../../app/translation.ts';
import { AreaTabs } from '../ui/AreaTabs.tsx';
import { Appeals } from './Appeals.tsx';
import { Photos } from './Photos.tsx';
import { ReportDetail } from './ReportDetail.tsx';
import { Reports } from './Reports.tsx';
import { Transparency } from './Transparency.tsx';
import './moderation-admin.css';

/**
 * /admin/moderation (moderators and admins): the reports queue with each report's detail and
 * decision form, the photo review queue, the appeals queue and the transparency export. The
 * server checks the role and the site on every call; decisions are audited there.
 */
export default function ModerationPage() {
  return (
    <section className="admin-page">
      <Tabs />
      <Routes>
        <Route index element={<Reports />} />
        <Route path="reports/:id" element={<ReportDetail />} />
        <Route path="photos" element={<Photos />} />
        <Route path="appeals" element={<Appeals />} />
        <Route path="transparency" element={<Transparency />} />
      </Routes>
    </section>
  );
}

function Tabs() {
  const { t } = useTranslation();
  return (
    <AreaTabs
      label={t('admin.moderation.nav')}
      tabs={[
        ['/admin/moderation', t('admin.moderation.tabs.reports')],
        ['/admin/moderation/photos', t('admin.moderation.tabs.photos')],
        ['/admin/moderation/appeals', t('admin.moderation.tabs.appeals')],
        ['/admin/moderation/transparency', t('admin.moderation.tabs.transparency')],
      ]}
    />
  );
}
