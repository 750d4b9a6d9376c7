import { NavLink } from 'react-router';

/** A console area's tabs: links to its pages, the current one marked (the first only when it is exactly that page). */
export function AreaTabs({
  className,
  label,
  tabs,
}: {
  className: string;
  label: string;
  tabs: [to: string, text: string][];
}) {
  return (
    <nav className={className} aria-label={label}>
      {tabs.map(([to, text], i) => (
        <NavLink key={to} to={to} end={i === 0}>
          {text}
        </NavLink>
      ))}
    </nav>
  );
}
