import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Head, type HeadData } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { AlertIcon, CheckIcon, MailIcon } from '../../ui/icons.tsx';
import '../../ui/auth.css';

/**
 * The frame of the account pages (login, password reset, activation...): one card under the
 * page's head data, opening with its h1. A result page leads with an icon above the h1 and is
 * centred.
 */
export function AuthCard({
  head,
  title,
  icon,
  busy,
  children,
}: {
  head: HeadData;
  title: ReactNode;
  icon?: ReactNode;
  /** aria-busy on the card while the outcome is not known yet. */
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="auth-page container">
      <Head {...head} />
      <div className={icon ? 'card auth-card auth-card--center' : 'card auth-card'} aria-busy={busy}>
        {icon}
        <h1 className="auth-card__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

const ICONS = {
  mail: { Icon: MailIcon, className: 'auth-card__icon' },
  success: { Icon: CheckIcon, className: 'auth-card__icon auth-card__icon--success' },
  danger: { Icon: AlertIcon, className: 'auth-card__icon auth-card__icon--danger' },
} as const;

/** The icon that tells an outcome: a mail sent, a success, a failure. */
export function AuthIcon({ kind, size = 44 }: { kind: keyof typeof ICONS; size?: number }) {
  const { Icon, className } = ICONS[kind];
  return <Icon size={size} className={className} />;
}

/** The "Back to login" link at the foot of a card. */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <p className="auth-card__switch">
      <Link to="/login">{t('auth.backToLogin')}</Link>
    </p>
  );
}
