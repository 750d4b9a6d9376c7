import type { User } from '@amora/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSettings } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { ChevronDownIcon, GearIcon, LogoutIcon, UserIcon } from '../../ui/icons.tsx';
import { mediaSrc } from '../../ui/media.ts';
import { useLogout } from './session.ts';
import './account-menu.css';

/** The member's thumbnail when it is approved, else a person icon (spec §2). */
export function Avatar({ user, size = 32 }: { user: User; size?: number }) {
  const settings = useSettings();
  const img = user.profile.main_image;
  if (img && img.status === 'active') {
    return (
      <img
        className="avatar"
        src={mediaSrc(settings.cdn_prefix, img.thumb_filename)}
        alt=""
        width={size}
        height={size}
      />
    );
  }
  return (
    <span className="avatar avatar--empty" style={{ width: size, height: size }} aria-hidden="true">
      <UserIcon size={Math.round(size * 0.62)} />
    </span>
  );
}

/** The menu's links, before Logout. */
const LINKS = [
  { to: '/profile', Icon: UserIcon, label: 'nav.myProfile' },
  { to: '/notifications', Icon: GearIcon, label: 'nav.settings' },
];

const menuItems = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/**
 * The account dropdown (spec §2): a menu button (aria-haspopup, aria-expanded) with My profile,
 * Settings and Logout. Arrow keys, Home and End move between items; Escape closes and returns
 * focus to the button; Tab or a click outside closes it.
 */
export function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => menuItems(menuRef.current);

  useEffect(() => {
    if (!open) return;
    const list = menuItems(menuRef.current);
    (focusOnOpen === 'last' ? list.at(-1) : list[0])?.focus();
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusOnOpen]);

  const openWith = (where: 'first' | 'last') => {
    setFocusOnOpen(where);
    setOpen(true);
  };
  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openWith('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openWith('last');
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const i = list.indexOf(document.activeElement as HTMLElement);
    const go = (n: number) => {
      e.preventDefault();
      list[(n + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') setOpen(false);
  };

  const name = user.profile.name;
  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openWith('first'))}
        onKeyDown={onButtonKey}
      >
        <Avatar user={user} />
        <span className="account-menu__name">{name}</span>
        <span className="visually-hidden">{t('nav.account')}</span>
        <ChevronDownIcon size={16} className="account-menu__chevron" />
      </button>
      {open ? (
        <div className="account-menu__popup">
          <p className="account-menu__who" aria-hidden="true">
            <strong>{name}</strong>
            <span>{user.email}</span>
          </p>
          <div id={menuId} ref={menuRef} role="menu" aria-label={t('nav.account')} onKeyDown={onMenuKey}>
            {LINKS.map(({ to, Icon, label }) => (
              <Link
                key={to}
                role="menuitem"
                tabIndex={-1}
                to={to}
                className="account-menu__item"
                onClick={() => setOpen(false)}
              >
                <Icon size={18} />
                {t(label)}
              </Link>
            ))}
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              className="account-menu__item"
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
            >
              <LogoutIcon size={18} />
              {t('nav.logout')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
