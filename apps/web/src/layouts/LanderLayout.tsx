import { Outlet } from 'react-router';
import { useSettings } from '../api/queries.ts';
import { Footer } from '../features/shell/Footer.tsx';
import { SignupModalProvider } from '../features/signup/SignupModal.tsx';
import { Logo } from '../ui/Logo.tsx';

/**
 * Lander layout (spec §2): logo bar, content, footer with disclaimer; the signup modal is the
 * landers' call to action on desktop (their links go to /signup without JavaScript or on phones).
 */
export function LanderLayout() {
  const settings = useSettings();
  return (
    <SignupModalProvider>
      <div className="layout layout--lander">
        <header className="logo-bar">
          <Logo name={settings.name} />
        </header>
        <main id="main" className="layout__main">
          <Outlet />
        </main>
        <Footer />
      </div>
    </SignupModalProvider>
  );
}
