/**
 * Web push on the settings page (spec §4 push states): its own section, built with web push
 * (issue 15 item 5). Until then it shows nothing; NotificationSettings renders it after the e-mail
 * preferences.
 */
export function PushSettings() {
  return null;
}
