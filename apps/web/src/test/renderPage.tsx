/** Renders one page as a signed-in user of a role type with the given permissions, at a path, with the app's providers. */
import type { User } from '@leadgrid/shared/access/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import '../i18n';
import { SessionContext, toAccess, type SessionValue } from '../app/session';
import { mockApi } from './api';

export function renderPage(Page: ComponentType, path: string, user: { type: string; permissions: string[]; timezone?: string }) {
  const me = {
    id: 1,
    firstName: 'Test',
    lastName: 'User',
    email: 'user@x.io',
    role: { id: 1, title: 'Role', type: user.type },
    permissions: user.permissions,
  } as unknown as User;
  const session = { user: me, access: toAccess(me), timezone: user.timezone ?? 'UTC' } as SessionValue;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={[path]}>
          <AntApp>
            <Page />
          </AntApp>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

/** Answers the app's requests (test/api.ts): every request's URL is kept in the returned list; `answer` gives the JSON body for a URL. */
export function stubFetch(answer: (url: string) => unknown): string[] {
  const urls: string[] = [];
  mockApi((call) => {
    urls.push(call.url);
    return answer(call.url);
  });
  return urls;
}

/** the query parameters of the first request whose URL starts with `prefix` */
export function queryOf(urls: string[], prefix: string): Record<string, string> | undefined {
  const url = urls.find((u) => u.startsWith(prefix));
  return url ? Object.fromEntries(new URL(url, 'http://x').searchParams) : undefined;
}
