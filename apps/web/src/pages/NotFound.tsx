import type { RouteHandle } from '../app/route-handle.ts';
import { ErrorView } from '../ui/ErrorView.tsx';

export const handle: RouteHandle = { status: 404 };

export default function NotFound() {
  return <ErrorView status={404} />;
}
