import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '../ui/ErrorView.tsx';

/** Error boundary of the routes: 404 responses show the not-found page, anything else 500. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorView status={error.status} />;
  if (typeof window === 'undefined') console.error(error);
  return <ErrorView status={500} />;
}
