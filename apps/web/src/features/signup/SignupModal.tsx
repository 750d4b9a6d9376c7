import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { provideSignupFlow, SignupModalContext } from '../../entities/signup/SignupLink.tsx';
import { Modal } from '../../ui/Modal.tsx';
import './signup-modal.css';

/** The signup flow is its own chunk (it carries the schemas); the shell only knows how to open it. */
const loadFlow = () => import('./SignupFlow.tsx');
const SignupFlow = lazy(loadFlow);
// The signup links (entities/signup) load the flow early, on a pointer or focus.
provideSignupFlow(loadFlow);

/**
 * The signup modal of the Default and Empty layouts (spec §2). It cannot be closed (close
 * button, Escape, backdrop) while the signup is being sent.
 */
export function SignupModalProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => setOpen(false);
  return (
    <SignupModalContext.Provider value={{ open: () => setOpen(true) }}>
      {children}
      <Modal
        open={open}
        title={t('signup.modalTitle', { siteName: settings.name })}
        size="xl"
        className="signup-modal"
        onClose={busy ? undefined : close}
      >
        <Suspense
          fallback={
            <div className="signup-loading">
              <span className="btn__spinner" aria-hidden="true" />
              <span>{t('common.loading')}</span>
            </div>
          }
        >
          <SignupFlow variant="modal" onBusyChange={setBusy} onLeave={close} />
        </Suspense>
      </Modal>
    </SignupModalContext.Provider>
  );
}
