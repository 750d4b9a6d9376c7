import '../sites/sites.css';
import { Route, Routes } from 'react-router';
import { Conversation } from './Conversation.tsx';
import { Inbox } from './Inbox.tsx';
import { ProfileEditor } from './ProfileEditor.tsx';
import { Profiles } from './Profiles.tsx';
import { Tabs } from './parts.tsx';

/**
 * /admin/fictional: the inbox of members' conversations with the site's fictional profiles
 * (support and admins), one conversation with the answer box, and the profiles (admins).
 */
export default function FictionalPage() {
  // The area's tabs above every page of it, as in moderation and payments.
  return (
    <>
      <Tabs />
      <Routes>
        <Route index element={<Inbox />} />
        <Route path="c/:id" element={<Conversation />} />
        <Route path="profiles" element={<Profiles />} />
        <Route path="profiles/new" element={<ProfileEditor />} />
        <Route path="profiles/:id" element={<ProfileEditor />} />
      </Routes>
    </>
  );
}
