import { useMutation } from '@tanstack/react-query';
import { useSettings, useUser } from '../../api/queries.ts';
import { subscribePush, unsubscribePush } from './push-state.ts';

/** Turning push on (asks the browser's permission) and off, with pending and error states. */
export function usePushAction() {
  const settings = useSettings();
  const user = useUser();
  const on = useMutation({ mutationFn: () => subscribePush(settings.push_public_key, !!user) });
  const off = useMutation({ mutationFn: unsubscribePush });
  return { on, off };
}
