import { Outlet } from 'react-router';
import { useSettings } from '../api/queries.ts';
import { Footer } from '../features/shell/Footer.tsx';
import { Logo } from '../ui/Logo.tsx';

/** Lander layout (spec §2): logo bar, content, footer with disclaimer. */
export function LanderLayout() {
  const settings = useSettings();
  return (
    <div className="layout layout--lander">
      <header className="logo-bar">
        <Logo name={settings.name} />
      </header>
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
