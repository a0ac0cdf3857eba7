import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from './components/ErrorBoundary';
import { OutdatedNotice } from './components/OutdatedNotice';
import { readablePlaceholders, themeIn } from './theme';

/** Providers that do not need the router: theme, server state, toasts (shared by the console's and the player's entries). */
export function AppProviders({
  queryClient,
  children,
  env,
  toasts,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals (for jsdom). */
  env?: 'default' | 'test';
  /** Where toasts show (components/Toasts.tsx; the player's entry loads it after its first screen). */
  toasts: ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useMemo(() => themeIn(t), [t]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env} cssVariablesResolver={readablePlaceholders}>
      <QueryClientProvider client={queryClient}>
        {toasts}
        <OutdatedNotice />
        <ErrorBoundary>{children}</ErrorBoundary>
      </QueryClientProvider>
    </MantineProvider>
  );
}
