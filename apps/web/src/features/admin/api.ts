import type { OperatorSession } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const operatorSessionKey = ['admin', 'session'] as const;

/** The console session: who is logged in, or what the login still needs (never cached across tabs' changes for long). */
export function useOperatorSession() {
  return useQuery({
    queryKey: operatorSessionKey,
    queryFn: () => call(consoleEndpoints.adminCore.session),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}

/** Puts a session answer (login, code, logout) in place of the query's. */
export function useSetOperatorSession() {
  const client = useQueryClient();
  return (s: OperatorSession) => {
    client.setQueryData(operatorSessionKey, s);
    // Everything the console loaded belonged to the session before.
    void client.removeQueries({ predicate: (q) => q.queryKey[0] === 'admin' && q.queryKey[1] !== 'session' });
  };
}

/** Whether the operator holds one of these roles here (admin holds every role). */
export function hasRole(s: OperatorSession | undefined, roles: readonly string[]): boolean {
  const mine = s?.operator?.roles ?? [];
  return mine.includes('admin') || roles.some((r) => mine.includes(r as never));
}

/** Whether a console page opens for this operator: a role it names, and every site where it asks for that. */
export function pageOpens(
  s: OperatorSession | undefined,
  page: { roles: readonly string[]; allSites?: boolean },
): boolean {
  if (!hasRole(s, page.roles)) return false;
  return !page.allSites || !!s?.operator?.grants.some((g) => g.role === 'admin' && g.site_id === null);
}
