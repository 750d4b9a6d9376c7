import { useSettings, useUser } from '../api/queries.ts';
import { Head } from '../app/head.tsx';
import { useTranslation } from '../app/translation.ts';
import { NotificationSettings } from '../features/notifications/NotificationSettings.tsx';
import { ChangeEmail } from '../features/settings/ChangeEmail.tsx';
import { ChangePassword } from '../features/settings/ChangePassword.tsx';
import { ChatPrivacySettings } from '../features/settings/ChatPrivacySettings.tsx';
import { DataExport } from '../features/settings/DataExport.tsx';
import { DeleteAccount } from '../features/settings/DeleteAccount.tsx';
import { LanguageSetting } from '../features/settings/LanguageSetting.tsx';
import { Passkeys } from '../features/settings/Passkeys.tsx';
import '../features/settings/settings.css';

/**
 * /notifications, called Settings in the menu (spec §2): notification e-mails (and push), typing and
 * read receipts, then e-mail address, password, passkeys, language, your data (the archive), delete
 * account.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  return (
    <div className="settings-page container">
      <Head title={t('meta.settingsTitle', { siteName: settings.name })} noindex />
      <header className="settings-page__head">
        <h1>{t('settings.title')}</h1>
        <p className="muted">{t('settings.lead')}</p>
      </header>
      {user ? (
        <div className="settings-page__sections">
          <NotificationSettings />
          <ChatPrivacySettings />
          <ChangeEmail user={user} />
          <ChangePassword />
          <Passkeys />
          <LanguageSetting />
          <DataExport />
          <DeleteAccount />
        </div>
      ) : null}
    </div>
  );
}
