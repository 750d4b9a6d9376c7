import { ErrorView } from '../ui/ErrorView.tsx';

/** Error boundary of the routes (app/router.tsx): what a page threw while rendering shows as a 500. */
export function RouteError({ error }: { error?: unknown }) {
  if (typeof window === 'undefined') console.error(error);
  return <ErrorView status={500} />;
}
