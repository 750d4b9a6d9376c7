import type { RouteHandle } from '../routes.tsx';
import { ErrorView } from '../ui/ErrorView.tsx';

export const handle: RouteHandle = { status: 404 };

export default function NotFound() {
  return <ErrorView status={404} />;
}
