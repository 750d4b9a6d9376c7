import type { MailPrefsResponse } from '@amora/contracts';
import { endpoints } from '@amora/contracts/endpoints';
import { MAIL_TYPES, type MailType } from '@amora/contracts/profile';
import { MAIL_PREFS_KEY } from '@amora/contracts/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export { MAIL_TYPES, type MailType };

const prefsKey = MAIL_PREFS_KEY;

/** The member's e-mail notification preferences (saved on the server). */
export function useMailPrefs() {
  return useQuery({ queryKey: prefsKey, queryFn: () => call(endpoints.mail.prefs) });
}

/**
 * Switches one type on or off. The switch moves at once; a refusal puts it back and the page says
 * why (the server's translated message).
 */
export function useSetMailPref() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, on }: { type: MailType; on: boolean }) =>
      call(endpoints.mail.updatePrefs, { body: { [type]: on } }),
    onMutate: async ({ type, on }) => {
      await qc.cancelQueries({ queryKey: prefsKey });
      const before = qc.getQueryData<MailPrefsResponse>(prefsKey);
      if (before) qc.setQueryData(prefsKey, { ...before, prefs: { ...before.prefs, [type]: on } });
      return { before };
    },
    onError: (_err, _vars, ctx) => {
      if (ctx?.before) qc.setQueryData(prefsKey, ctx.before);
    },
    onSuccess: (data) => qc.setQueryData(prefsKey, data),
  });
}

export const unsubscribeInfo = (token: string) => call(endpoints.mail.unsubscribeInfo, { query: { token } });
export const unsubscribe = (token: string, all: boolean) =>
  call(endpoints.mail.unsubscribe, { query: { token }, body: { all } });
