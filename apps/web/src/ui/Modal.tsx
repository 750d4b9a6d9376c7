import { type MouseEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../app/translation.ts';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Called on Escape or the close button; omit to make the dialog closable only by its own buttons. */
  onClose?: () => void;
  /** The close button's name: the catalog's "Close" unless given. */
  closeLabel?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
  /**
   * Any click in the dialog closes it too, not just the backdrop (the like match modal of spec §2:
   * "closes on click anywhere"); links and buttons inside still do their own thing first.
   */
  dismissOnClick?: boolean;
  /** 'alertdialog' for a message that interrupts (not enough credits...); a plain dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  /**
   * Open already in the server's HTML (the `open` attribute: shown without JavaScript, over the
   * page); made modal when the page hydrates. Only for a dialog the server decided on.
   */
  openInHtml?: boolean;
  /**
   * A dialog open in the server's HTML that the visitor closed before the app ran (its own
   * `method="dialog"` form, which the browser answers): left closed, and this is called instead.
   */
  onClosedBeforeApp?: () => void;
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return true; // an engine without :modal (test DOMs): leave the dialog as it is
  }
}

/** A pointer event on the ::backdrop hits the dialog element itself, outside its box. */
function onBackdrop(e: MouseEvent<HTMLDialogElement>): boolean {
  if (e.target !== e.currentTarget) return false;
  const r = e.currentTarget.getBoundingClientRect();
  return e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom;
}

/**
 * A modal dialog on the native <dialog> element: the page behind is inert, focus stays inside,
 * Escape and a click on the backdrop close it when `onClose` is given, and focus returns to
 * where it was on close.
 */
export function Modal({
  open,
  title,
  children,
  onClose,
  closeLabel,
  size = 'md',
  className,
  dismissOnClick = false,
  role,
  openInHtml = false,
  onClosedBeforeApp,
}: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // A press that started inside the dialog (selecting text, say) and ended on the backdrop is no close.
  const pressedOnBackdrop = useRef(false);
  const firstRun = useRef(true);
  const closedBeforeApp = useRef(onClosedBeforeApp);
  closedBeforeApp.current = onClosedBeforeApp;
  useEffect(() => {
    const dialog = ref.current;
    const first = firstRun.current;
    firstRun.current = false;
    if (!dialog) return;
    if (first && open && openInHtml && !dialog.open && closedBeforeApp.current) {
      closedBeforeApp.current();
      return;
    }
    // Open in the server's HTML, it is open but not modal yet: made modal now.
    if (open && dialog.open && !isModal(dialog)) dialog.close();
    if (open && !dialog.open) {
      const previous = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        previous?.focus?.();
      };
    }
  }, [open, openInHtml]);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click is the pointer twin of Escape (onCancel)
    <dialog
      ref={ref}
      className={`modal modal--${size} ${className ?? ''}`}
      aria-labelledby={titleId}
      role={role}
      open={openInHtml || undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose?.();
      }}
      onPointerDown={(e) => {
        pressedOnBackdrop.current = onBackdrop(e);
      }}
      onClick={(e) => {
        if (!onClose) return;
        if (dismissOnClick || (pressedOnBackdrop.current && onBackdrop(e))) onClose();
      }}
    >
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {onClose ? (
          <button
            type="button"
            className="modal__close"
            onClick={dismissOnClick ? undefined : onClose}
            aria-label={closeLabel ?? t('common.close')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
