import { Outlet } from 'react-router';
import { SignupModalProvider } from '../features/signup/SignupModal.tsx';

/** Empty layout (spec §2): the page alone, with the signup modal. */
export function EmptyLayout() {
  return (
    <SignupModalProvider>
      <main id="main" className="layout layout--empty">
        <Outlet />
      </main>
    </SignupModalProvider>
  );
}
