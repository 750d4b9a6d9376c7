import type { ChatPrivacy } from '@amora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUser } from '../../api/queries.ts';
import { chatPrivacyKey, fetchChatPrivacy, updateChatPrivacy } from './api.ts';

/**
 * Typing and read receipts (issue 30 item 2): whether this member shows them, and so sees
 * others'. The settings page switches them; a conversation reads them (no typing sent while off).
 */
export function useChatPrivacy() {
  const user = useUser();
  return useQuery({
    queryKey: chatPrivacyKey(user?.id ?? ''),
    queryFn: ({ signal }) => fetchChatPrivacy(signal),
    enabled: !!user,
    staleTime: 60_000,
  });
}

/** Switches one setting; the switch moves at once and goes back if the server refuses. */
export function useSetChatPrivacy() {
  const qc = useQueryClient();
  const user = useUser();
  const key = chatPrivacyKey(user?.id ?? '');
  return useMutation({
    mutationFn: (change: Partial<ChatPrivacy>) => updateChatPrivacy(change),
    onMutate: async (change) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<ChatPrivacy>(key);
      if (before) qc.setQueryData(key, { ...before, ...change });
      return { before };
    },
    onError: (_err, _change, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      // What the conversations show follows at once: read marks reload.
      void qc.invalidateQueries({ queryKey: ['chat', user?.id ?? '', 'read-mark'] });
    },
  });
}
