import { ENTRY_WARNING_COOKIE, ENTRY_WARNING_COOKIE_MAX_AGE_S } from '@amora/contracts/rules';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSettings } from '../../api/queries.ts';
import { dismiss, dismissedAt, rememberInCookie } from '../../app/dismissals.ts';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
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
    >
      <p>{t('entryWarning.body')}</p>
      {settings.fictional_warning ? <p className="muted">{t('entryWarning.fictional')}</p> : null}
      <div className="modal__actions">
        <Button
          autoFocus
          size="lg"
          block
          onClick={() => {
            const now = Date.now();
            dismiss('entryWarning', now);
            rememberEntry(now);
            setOpen(false);
          }}
        >
          {t('entryWarning.enter')}
        </Button>
        <Button variant="ghost" block onClick={() => window.location.assign('https://www.google.com/')}>
          {t('entryWarning.leave')}
        </Button>
      </div>
    </Modal>
  );
}
