import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/queries.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { dismiss, dismissedAt } from './dismissals.ts';
import { shouldShowEntryWarning } from './entry-warning-rules.ts';
import { isStandalone } from './standalone.ts';
import './entry-warning.css';

/**
 * The adults-only warning shown on entry (spec §4). Decided in the browser (dismissal and
 * installed-app mode live there), so it is never part of the server-rendered HTML.
 */
export function EntryWarning({ loggedIn = false }: { loggedIn?: boolean }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setOpen(
      shouldShowEntryWarning({
        settings,
        loggedIn,
        standalone: isStandalone(),
        dismissedAt: dismissedAt('entryWarning'),
      }),
    );
  }, [settings, loggedIn]);

  return (
    <Modal open={open} title={t('entryWarning.title')} size="sm" className="entry-warning">
      <p>{t('entryWarning.body')}</p>
      {settings.fictional_warning ? <p className="muted">{t('entryWarning.fictional')}</p> : null}
      <div className="modal__actions">
        <Button
          autoFocus
          size="lg"
          block
          onClick={() => {
            dismiss('entryWarning');
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
