import { NavLink } from 'react-router';
import './area-tabs.css';

/**
 * A console area's tabs, the one kind the console has (moderation, fictional chats, payments): a
 * labelled navigation of links, the current page's marked with aria-current="page" (the first only
 * when it is exactly that page), drawn as one row of pills that wraps on a phone.
 */
export function AreaTabs({ label, tabs }: { label: string; tabs: [to: string, text: string][] }) {
  return (
    <nav className="adm-tabs" aria-label={label}>
      <ul className="adm-tabs__list">
        {tabs.map(([to, text], i) => (
          <li key={to}>
            <NavLink className="adm-tabs__tab" to={to} end={i === 0}>
              {text}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
