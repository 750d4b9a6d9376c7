import { Outlet } from 'react-router';

/** Empty layout (spec §2): the page alone (the signup modal joins it with the accounts feature). */
export function EmptyLayout() {
  return (
    <main id="main" className="layout layout--empty">
      <Outlet />
    </main>
  );
}
