/**
 * Web push on the settings page (spec §4 push states): its own section, built by the push
 * feature (features/push/PushSettings.tsx); NotificationSettings renders it after the e-mail
 * preferences.
 */
export { PushSettings } from '../../entities/push/PushSettings.tsx';
