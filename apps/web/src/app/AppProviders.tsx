import type { BootState, Settings } from '@amora/contracts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { settingsKey } from '../api/queries.ts';
import { TIME_ZONE_KEY } from './time-zone.ts';
import { I18nProvider, type i18n } from './translation.ts';

/** Fills a query client with what the server already fetched for this page. */
export function seedQueryClient(client: QueryClient, state: BootState): void {
  client.setQueryData<Settings>([...settingsKey], state.settings);
  client.setQueryData<string | null>([...TIME_ZONE_KEY], state.timeZone ?? null);
  for (const q of state.queries) client.setQueryData(q.key, q.data);
}

export function AppProviders({
  client,
  i18n,
  children,
}: {
  client: QueryClient;
  i18n: i18n;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </QueryClientProvider>
  );
}
