/**
 * The providers of every page: the data cache and the page's theme (light/dark). antd's theme provider is not here:
 * it loads with the signed-in frame (app/AntdProviders.tsx), so the auth screens load no antd (docs/decisions/web.md,
 * first-load budgets).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, type ReactNode } from 'react';
import { ApiError } from '../api/client';
import { useThemeMode } from './preferences';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final; a server that did not answer already opened the server-error popup
        retry: (count, err) => !(err instanceof ApiError) && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The theme on the document: `data-theme` picks the page's colours (styles/global.css) before any antd loads. */
function ThemeDocument() {
  const mode = useThemeMode();
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.style.colorScheme = mode;
    root.dataset.theme = mode;
  }, [mode]);
  return null;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeDocument />
      {children}
    </QueryClientProvider>
  );
}
