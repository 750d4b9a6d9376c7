import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../app/translation.ts';
import { XIcon } from './icons.tsx';
import './banner.css';

/**
 * A banner under the navigation (the activation reminder, the push option, the welcome bonus):
 * an icon, a title that names the region, more lines under it, and the actions after the text;
 * with `onDismiss`, a close button. The layout shows one banner at a time (DefaultLayout).
 */
export function Banner({
  tone,
  titleId,
  icon: Icon,
  title,
  className,
  children,
  actions,
  onDismiss,
}: {
  tone: 'warning' | 'info' | 'bonus';
  /** The title's id: the section is labelled by it. */
  titleId: string;
  icon: ComponentType<{ className?: string }>;
  title: ReactNode;
  className?: string;
  /** The lines under the title. */
  children?: ReactNode;
  /** The buttons or links after the text (null for none). */
  actions?: ReactNode;
  /** Puts the banner away (remembered by the caller). */
  onDismiss?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      className={`banner banner--${tone}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
    >
      <div className="container banner__inner">
        <Icon className="banner__icon" />
        <div className="banner__text">
          <p id={titleId} className="banner__title">
            {title}
          </p>
          {children}
        </div>
        {actions}
        {onDismiss ? (
          <button type="button" className="banner__close" aria-label={t('common.close')} onClick={onDismiss}>
            <XIcon />
          </button>
        ) : null}
      </div>
    </section>
  );
}
