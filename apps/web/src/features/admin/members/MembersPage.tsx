import '../admin-area.css';
import { Route, Routes } from 'react-router';
import { Head } from '../../../app/head.tsx';
import { useTranslation } from '../../../app/translation.ts';
import { MemberDetail } from './MemberDetail.tsx';
import { MembersSearch } from './MembersSearch.tsx';

/** The console's members area (/admin/members, /admin/members/:id); lazy, like the whole console. */
export default function MembersPage() {
  const { t } = useTranslation();
  return (
    <>
      <Head title={t('admin.members.title')} noindex />
      <Routes>
        <Route index element={<MembersSearch />} />
        <Route path=":id" element={<MemberDetail />} />
      </Routes>
    </>
  );
}
