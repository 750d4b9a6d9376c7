import type { User } from '@amora/contracts';
import { GUEST_ONLY_PATHS } from '@amora/contracts/rules';
import type { ReactNode } from 'react';
import { NavLink, useLocation, useMatch } from 'react-router';
import { useSettings, useUser } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { creditsBadgeTone, useCounters } from '../../entities/chat/counters.ts';
import { AccountMenu } from '../../entities/session/AccountMenu.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { ChatIcon, CoinIcon, CrownIcon, HeartIcon, MailIcon, SearchIcon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import './top-nav.css';

/**
 * Spec §2 "Logged out: a Login button leading to members": the button opens the login form at
 * once (where visitors may search, /members shows profiles and no form), and the login then leads
 * to members, or back to the page the visitor was reading (docs/ARCHITECTURE.md, decisions).
 */
export function loginHref(pathname: string, search: string): string {
  const back = GUEST_ONLY_PATHS.includes(pathname) ? '/members' : pathname + search;
  return `/login?redirect=${encodeURIComponent(back)}`;
}

/** Top navigation (spec §2): members get the member navigation, visitors a Login button. */
export function TopNav() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const { pathname, search } = useLocation();
  const language = pathname === '/complete-signup' ? null : <LanguageSwitcher loggedIn={!!user} />;
  return (
    <header className={`topnav ${user ? 'topnav--member' : ''}`}>
      <nav className="topnav__inner container" aria-label={t('nav.main')}>
        <Logo name={settings.name} nameHiddenOnPhone={!!user} />
        {user ? (
          <MemberNav user={user} language={language} />
        ) : (
          <div className="topnav__actions">
            {language}
            <ButtonLink to={loginHref(pathname, search)} variant="secondary" size="sm">
              {t('nav.login')}
            </ButtonLink>
          </div>
        )}
      </nav>
    </header>
  );
}

function NavItem({
  to,
  icon,
  label,
  short,
  badge,
  className,
  end,
  also,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  /**
   * The word shown under the icon in the phone's tab bar when `label` is too long there; a word of
   * the label (WCAG 2.5.3: what one sees is part of the name a voice command uses).
   */
  short?: string;
  badge?: ReactNode;
  className?: string;
  /** Only the exact path makes this entry current. */
  end?: boolean;
  /** A page under another entry's path that belongs to this one. */
  also?: boolean;
}) {
  return (
    <li className={className}>
      <NavLink
        to={to}
        end={end}
        className={({ isActive }) =>
          `navlink ${short ? 'navlink--short' : ''} ${isActive || also ? 'active' : ''}`
        }
      >
        <span className="navlink__icon">{icon}</span>
        <span className={`navlink__label ${short ? 'visually-hidden-below-lg' : 'visually-hidden-sm-only'}`}>
          {label}
        </span>
        {short ? (
          <span className="navlink__short visually-hidden-sm-only" aria-hidden="true">
            {short}
          </span>
        ) : null}
        {badge}
      </NavLink>
    </li>
  );
}

/**
 * The member navigation: Search members, Messages, Likes, Credits or Get Premium; the
 * desktop-only latest-conversation entry; the account dropdown. On phones the four entries are a
 * tab bar at the bottom of the screen, each icon with a short visible label (top-nav.css); on
 * tablets icons, with the short label from 768 px.
 */
function MemberNav({ user, language }: { user: User; language: ReactNode }) {
  const { t } = useTranslation();
  const { unreadMessages, newLikes, firstChat } = useCounters();
  const tone = creditsBadgeTone(user.credits);
  // /members/{id}/chat is a conversation: Messages is the current entry there, not Search.
  const inChat = !!useMatch('/members/:id/chat');
  return (
    <>
      <ul className="member-nav">
        <NavItem
          to="/members"
          end={inChat}
          icon={<SearchIcon />}
          label={t('nav.search')}
          short={t('nav.tab.search')}
        />
        <NavItem
          also={inChat}
          to="/chats"
          icon={<ChatIcon />}
          label={t('nav.messages')}
          badge={<Badge count={unreadMessages} label={t('nav.unreadMessages', { count: unreadMessages })} />}
        />
        <NavItem
          to="/likes"
          icon={<HeartIcon />}
          label={t('nav.likes')}
          badge={<Badge count={newLikes} label={t('nav.newLikes', { count: newLikes })} />}
        />
        {user.paid_user ? (
          <NavItem
            to="/credits/repeat-order"
            icon={<CoinIcon />}
            label={t('nav.credits')}
            badge={
              tone ? (
                <Badge
                  count={user.credits}
                  tone={tone}
                  showZero
                  label={t('nav.creditsLeft', { count: user.credits })}
                />
              ) : null
            }
          />
        ) : (
          <NavItem
            to="/premium"
            icon={<CrownIcon />}
            label={t('nav.getPremium')}
            short={t('nav.tab.premium')}
            className="member-nav__premium"
          />
        )}
      </ul>
      <div className="topnav__actions">
        {language}
        <NavLink
          to={firstChat ? `/chats/${firstChat}` : '/chats'}
          end
          className="navlink navlink--icon topnav__desktop-only"
          title={t('nav.latestChat')}
        >
          <MailIcon />
          <span className="visually-hidden">{t('nav.latestChat')}</span>
          <Badge count={unreadMessages} label={t('nav.unreadMessages', { count: unreadMessages })} />
        </NavLink>
        <AccountMenu user={user} />
      </div>
    </>
  );
}
