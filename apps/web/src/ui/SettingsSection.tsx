import type { ReactNode } from 'react';

/**
 * A section of the settings page (its styles are the settings page's, features/settings/settings.css):
 * the page's own sections and the notification and push sections of other features share it.
 */
export function SettingsSection({
  id,
  title,
  lead,
  children,
  tone,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
  tone?: 'danger';
}) {
  return (
    <section
      className={`card settings-section ${tone ? `settings-section--${tone}` : ''}`}
      aria-labelledby={id}
    >
      <h2 id={id} className="settings-section__title">
        {title}
      </h2>
      {lead ? <p className="settings-section__lead muted">{lead}</p> : null}
      {children}
    </section>
  );
}
