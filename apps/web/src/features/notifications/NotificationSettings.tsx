import { MailOffNotice } from './MailOff.tsx';
import { MailPreferences } from './MailPreferences.tsx';
import { PushSettings } from './PushSettings.tsx';
import './notifications.css';

/**
 * The notification part of /notifications (Settings, spec §2): e-mail preferences, then push.
 * Each is its own component with its own data, so either can change without the other.
 */
export function NotificationSettings() {
  return (
    <>
      <MailOffNotice />
      <MailPreferences />
      <PushSettings />
    </>
  );
}
