import { BREAKPOINTS } from '@amora/contracts/rules';
import { createContext, lazy, type MouseEvent, type ReactNode, Suspense, useContext, useState } from 'react';
import { useSettings, useUser } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { ButtonLink, type ButtonLinkProps } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import './signup-modal.css';

/** The signup flow is its own chunk (it carries the schemas); the shell only knows how to open it. */
const loadFlow = () => import('./SignupFlow.tsx');
const SignupFlow = lazy(loadFlow);

/** Spec §9 breakpoint from which signup opens as a modal instead of the /signup page. */
export const SIGNUP_MODAL_MIN_WIDTH = BREAKPOINTS.lg;

const SignupModalContext = createContext<{ open: () => void } | null>(null);

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

/**
 * A signup call to action. It is a real link to /signup (phones, no JavaScript, new tabs); on
 * desktop a plain click opens the signup modal instead. Members are sent to the members area.
 * `to` may add a query to the signup page's address (a member lander's `?member=`).
 */
export function SignupLink(props: Omit<ButtonLinkProps, 'to'> & { to?: `/signup${string}` }) {
  const modal = useContext(SignupModalContext);
  const user = useUser();
  if (user) return <ButtonLink {...props} to="/members" />;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    props.onClick?.(e);
    if (!modal || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return;
    if (!window.matchMedia(`(min-width: ${SIGNUP_MODAL_MIN_WIDTH}px)`).matches) return;
    e.preventDefault();
    modal.open();
  };
  return (
    <ButtonLink
      {...props}
      to={props.to ?? '/signup'}
      // Before a public page has hydrated, the loader holds this click and replays it (entry-loader.ts).
      data-hydrate-click=""
      onClick={onClick}
      onPointerEnter={() => void loadFlow()}
      onFocus={() => void loadFlow()}
    />
  );
}
