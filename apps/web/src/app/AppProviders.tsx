import type { BootState, Settings } from '@amora/contracts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { settingsKey } from '../api/queries.ts';

/** Fills a query client with what the server already fetched for this page. */
export function seedQueryClient(client: QueryClient, state: BootState): void {
  client.setQueryData<Settings>([...settingsKey], state.settings);
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
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
