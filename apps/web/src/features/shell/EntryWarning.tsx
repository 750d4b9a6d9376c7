import { ENTRY_WARNING_COOKIE, ENTRY_WARNING_COOKIE_MAX_AGE_S } from '@amora/contracts/rules';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSettings } from '../../api/queries.ts';
import { dismiss, dismissalKey, dismissedAt, rememberInCookie } from '../../app/dismissals.ts';
import { useTranslation } from '../../app/translation.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { shouldShowEntryWarning } from './entry-warning-rules.ts';
import { isStandalone } from './standalone.ts';
import './entry-warning.css';

/** Remembers the dismissal where the server reads it too (a cookie), so the next page leaves it out. */
const rememberEntry = (at: number) =>
  rememberInCookie(ENTRY_WARNING_COOKIE, ENTRY_WARNING_COOKIE_MAX_AGE_S, at);

/**
 * The adults-only warning shown on entry (spec §4). Decided on the server from what it knows
 * (settings, logged in, the dismissal cookie: settings.entry_warning_dismissed), so it is part of
 * the first HTML (shown without JavaScript too) and never pops over a form the visitor has started
 * to fill. What only the browser knows (installed-app mode, a dismissal kept only in storage)
 * closes it after hydration.
 *
 * Its "enter" answers at once, without the app (issue 29 item 4: a visitor's first tap): it submits
 * the dialog's own form (`method="dialog"`), which the browser answers by closing the dialog; on a
 * public page the loader (entry-loader.ts) writes the dismissal the form names (`data-remember-*`)
 * as it does, and the app, once it runs, finds the dialog closed and leaves it so (Modal
 * `onClosedBeforeApp`). "Leave" is a link.
 */
export function EntryWarning({ loggedIn = false }: { loggedIn?: boolean }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const path = useLocation().pathname;
  const serverSays = shouldShowEntryWarning({
    settings,
    path,
    loggedIn,
    standalone: false,
    dismissedAt: settings.entry_warning_dismissed ? 1 : null,
  });
  const [open, setOpen] = useState(serverSays);
  const enter = () => {
    const now = Date.now();
    dismiss('entryWarning', now);
    rememberEntry(now);
    setOpen(false);
  };
  useEffect(() => {
    const kept = dismissedAt('entryWarning');
    // A dismissal from before the cookie existed: the server learns it from now on.
    if (kept && !settings.entry_warning_dismissed) rememberEntry(kept);
    setOpen(serverSays && !isStandalone() && !kept);
  }, [serverSays, settings.entry_warning_dismissed]);

  return (
    <Modal
      open={open}
      openInHtml={serverSays}
      title={t('entryWarning.title')}
      size="sm"
      className="entry-warning"
      onClosedBeforeApp={enter}
    >
      <p>{t('entryWarning.body')}</p>
      {settings.fictional_warning ? <p className="muted">{t('entryWarning.fictional')}</p> : null}
      <form
        method="dialog"
        className="modal__actions"
        data-remember-cookie={ENTRY_WARNING_COOKIE}
        data-remember-max-age={ENTRY_WARNING_COOKIE_MAX_AGE_S}
        data-remember-storage={dismissalKey('entryWarning')}
        onSubmit={(e) => {
          e.preventDefault();
          enter();
        }}
      >
        {/* A plain submit button: it works before the app runs (ui/Button's submit waits for it). */}
        {/* biome-ignore lint/a11y/noAutofocus: the dialog's one answer, as the browser focuses a modal's first control */}
        <button type="submit" autoFocus className={buttonClasses('primary', 'lg', true)}>
          {t('entryWarning.enter')}
        </button>
        <a href="https://www.google.com/" className={buttonClasses('ghost', 'md', true)}>
          {t('entryWarning.leave')}
        </a>
      </form>
    </Modal>
  );
}
