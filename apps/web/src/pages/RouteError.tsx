import { ErrorView } from '../ui/ErrorView.tsx';

/** Error boundary of the routes (app/router.tsx, which logs the error): a page that threw shows a 500. */
export function RouteError() {
  return <ErrorView status={500} />;
}
