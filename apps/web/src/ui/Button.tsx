import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useHydrated } from '../app/hydrated.ts';
import { needsApp } from './needs-app.ts';

type Variant = 'primary' | 'secondary' | 'ghost' | 'light' | 'danger';
type Size = 'md' | 'lg' | 'sm';

/** A button's classes, for a control that must be a plain element (a dialog form's own button). */
export function buttonClasses(variant: Variant, size: Size, block?: boolean, extra?: string) {
  return ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  busy?: boolean;
}

/** A real <button>; `busy` disables it and announces the wait (no double submits). */
export function Button({
  variant = 'primary',
  size = 'md',
  block,
  busy,
  className,
  children,
  ...rest
}: ButtonProps) {
  // A submit button works only once React handles the form (or the public pages' loader holds it).
  const hydrated = useHydrated();
  const waiting = rest.type === 'submit' && !rest.disabled && !busy ? needsApp(hydrated) : {};
  return (
    <button
      type="button"
      {...rest}
      {...waiting}
      disabled={rest.disabled || busy || waiting.disabled}
      aria-busy={busy || undefined}
      className={buttonClasses(variant, size, block, className)}
    >
      {busy ? <span className="btn__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  children: ReactNode;
}

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant = 'primary', size = 'md', block, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClasses(variant, size, block, className)} />;
}
