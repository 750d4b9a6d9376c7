import { Outlet } from 'react-router';
import { useSettings } from '../api/queries.ts';
import { EntryWarning } from '../features/shell/EntryWarning.tsx';

/** Bare chat layout (spec §2); the entry warning shows here only for visitors from NL and DE. */
export function ChatLayout() {
  const settings = useSettings();
  const warn = ['NL', 'DE'].includes(settings.geoip_country);
  return (
    <div className="layout layout--chat">
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      {warn ? <EntryWarning /> : null}
    </div>
  );
}
