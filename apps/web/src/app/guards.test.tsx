import type { User } from '@leadgrid/shared/access/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { postbackRead, wrongPermissionsStore } from './access';
import { RequireAuth, RequireGuest, RouteView } from './guards';
import { AFFILIATE_MENU, menuFor } from './menus';
import { MAIN_ROUTES, resolveLink, routeAt, type MenuLeaf, type PageRoute } from './routes';
import { SessionContext, toAccess, type SessionValue } from './session';
import { json, mockApi } from '../test/api';

function makeUser(roleType: User['role']['type'], permissions: string[]): User {
  return {
    id: 5,
    secureId: 'u5',
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    status: 'active',
    role: { id: 2, title: roleType === 'affiliate' ? 'Affiliate' : 'Manager', type: roleType },
    permissions,
    hasCustomPermissions: false,
    customPermissions: null,
    timezone: 'UTC',
    language: 'en',
    createdAt: 0,
    createdBy: null,
    statusChangedAt: null,
    lastActivityAt: null,
    blockReason: null,
    twoFactorEnabled: false,
    avatarImageId: null,
    frontendVersionTs: 0,
    impersonatedBy: null,
  } as User;
}

function session(user: User | null, overrides: Partial<SessionValue> = {}): SessionValue {
  return {
    hasSession: Boolean(user),
    user,
    access: toAccess(user),
    userLoading: false,
    userError: null,
    timezone: 'UTC',
    impersonating: false,
    signIn: vi.fn(),
    signOut: vi.fn(),
    impersonate: vi.fn(),
    leaveImpersonation: vi.fn(),
    reloadUser: vi.fn(),
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

// the empty-section and no-access views are lazy chunks (docs/decisions/web.md): load them once before the tests,
// so a test's wait measures the guard and not the first transform of antd's Card and Result
// The same for every page these tests route to, even those a redirect leaves unrendered: a page whose chunk is still
// loading when the file ends makes React retry it after jsdom is gone ("window is not defined", an unhandled error that
// fails the run although every test passed — CI caught it twice on a loaded machine)
beforeAll(async () => {
  await Promise.all([
    import('../components/SectionEmpty'),
    import('./errors/NoAccess'),
    import('../features/insights/dashboard/DashboardPage'),
    import('../features/insights/statistics/StatisticsPage'),
    import('../features/insights/reports/ReportsPage'),
    import('../features/access/roles/RolesPage'),
    import('../features/inventory/offers/OffersPage'),
    import('../features/inventory/offers/StaffOfferPage'),
    import('../features/inventory/offers/affiliate/AffiliateOfferPage'),
  ]);
}, 120_000);
// lazy screens on a loaded machine: a first transform can take longer than the default second
configure({ asyncUtilTimeout: 10_000 });

// the statistics and dashboard pages load their chart as a lazy chunk (recharts); a real one could still be loading when the
// file ends and jsdom is gone, and React's retry of the suspended tree then throws "window is not defined" outside any test
vi.mock('../features/insights/LineChart', () => ({ default: () => <div data-testid="chart" /> }));

const route = (id: string) => MAIN_ROUTES.find((r) => r.id === id) as PageRoute;

function renderAt(path: string, value: SessionValue, children: { path: string; element: ReactNode }[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
          </>
        ),
        children: [
          { path: '/login', element: <div>login screen</div> },
          { element: <RequireGuest />, children: [{ path: '/registration', element: <div>registration screen</div> }] },
          { element: <RequireAuth />, children },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={value}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

const pages = (...ids: string[]) => ids.map((id) => ({ path: route(id).path, element: <RouteView route={route(id)} /> }));

beforeEach(() => {
  wrongPermissionsStore.set(false);
  mockApi(() => json({ statusCode: 404, message: 'no' }, 404));
});

describe('route guards', () => {
  it('sends a user whose role requires two-factor sign-in to its set-up, and nowhere else, until it is on', async () => {
    const user = { ...makeUser('employee', ['front.menu.reports.read']), twoFactorSetupRequired: true };
    const children = [...pages('reports'), { path: '/profile/security', element: <div>two-factor set-up</div> }];
    renderAt('/reports', session(user), children);
    expect(await screen.findByText('two-factor set-up')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/profile/security');
  });

  it('sends an unauthenticated user to /login', async () => {
    renderAt('/offers/active', session(null), pages('offers.active'));
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('shows the line loader until the current user is loaded', () => {
    renderAt('/offers/active', session(null, { hasSession: true, userLoading: true }), pages('offers.active'));
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });

  it('opens a route when the user has its permission', async () => {
    const user = makeUser('affiliate_manager', ['front.menu.reports.read']);
    renderAt('/reports', session(user), pages('reports', 'statistics'));
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeTruthy();
    expect(wrongPermissionsStore.get()).toBe(false);
  });

  it('redirects to the default page and sets the wrong-permissions flag when the permission is missing', async () => {
    const user = makeUser('affiliate', ['front.menu.statistics.read', 'front.menu.offers.read']);
    renderAt('/settings/roles', session(user), pages('settings.roles', 'statistics'));
    expect(await screen.findByRole('heading', { name: 'Statistics' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/statistics');
    expect(wrongPermissionsStore.get()).toBe(true);
  });

  it('sends a staff user without the dashboard permission from the index to statistics quietly', async () => {
    const user = makeUser('employee', ['front.menu.statistics.read']);
    renderAt('/', session(user), pages('dashboard', 'statistics'));
    expect(await screen.findByRole('heading', { name: 'Statistics' })).toBeTruthy();
    expect(wrongPermissionsStore.get()).toBe(false);
  });

  it('answers 404 for an id that is not a number or an unknown tab', async () => {
    const user = makeUser('admin', ['front.menu.offers.read']);
    renderAt('/offers/abc', session(user), pages('offers.detail'));
    expect(await screen.findByText('This page could not be found')).toBeTruthy();
  });

  it('opens the staff offer page on /offers/:id for staff', async () => {
    const calls = mockApi(() => json({ statusCode: 404, message: 'no' }, 404));
    renderAt('/offers/7/general', session(makeUser('admin', ['front.menu.offers.read'])), pages('offers.detail'));
    expect(await screen.findByText('This offer does not exist or is not available to you')).toBeTruthy();
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toContain('/api/v1/offers/7');
  });

  it('opens the affiliate offer page on the same path for an affiliate', async () => {
    const calls = mockApi(() => json({ statusCode: 404, message: 'no' }, 404));
    renderAt('/offers/7', session(makeUser('affiliate', ['front.menu.offers.read'])), pages('offers.detail'));
    expect(await screen.findByText('This offer does not exist or is not open to you')).toBeTruthy();
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toContain('/api/v1/offers/for-affiliate/7');
  });

  it('takes a signed-in user away from the auth screens to the index', async () => {
    const user = makeUser('admin', ['front.dashboard.read']);
    renderAt('/registration', session(user), pages('dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});

describe('the route table and the sidebar', () => {
  it('finds the route of a path, including detail pages', () => {
    expect(routeAt('/offers/12/caps')?.id).toBe('offers.detail');
    expect(routeAt('/offers/active')?.id).toBe('offers.active');
    expect(routeAt('/settings/verticals/3/goals')?.id).toBe('settings.verticals.detail');
    expect(routeAt('/nowhere')).toBeUndefined();
  });

  it('opens the postbacks with the rule the global postback page checks before linking there', () => {
    expect(routeAt('/postbacks/active')?.access).toBe(postbackRead);
  });

  it('gives affiliates their own menu and staff the postback logs link their permissions allow', () => {
    const affiliate = toAccess(
      makeUser('affiliate', ['front.menu.statistics.read', 'front.menu.offers.read', 'front.menu.postback_log.read']),
    )!;
    const keys = menuFor(affiliate, 'main').map((n) => n.key);
    expect(keys).toEqual(['statistics', 'offers', 'traffic', 'billing', 'settings']);
    expect(AFFILIATE_MENU.find((n) => n.key === 'offers')).toMatchObject({ to: '/offers/all' });

    const staff = toAccess(makeUser('affiliate_manager', ['front.menu.postback_log.read']))!;
    const traffic = menuFor(staff, 'main').find((n) => n.key === 'traffic');
    expect(traffic?.kind).toBe('group');
    const logs = (traffic as { children: MenuLeaf[] }).children.find((c) => c.key === 'postbackLogs')!;
    expect(resolveLink(logs.to, staff)).toBe('/postback-logs/affiliates');
    const withAdvertiserLogs = { ...staff, permissions: [...staff.permissions, 'log.postback.advertiser.read'] };
    expect(resolveLink(logs.to, withAdvertiserLogs)).toBe('/postback-logs/advertisers');
  });

  it('keeps the disabled Requests and Caps placeholders for staff and shows only About and Security in profile mode', () => {
    const staff = toAccess(makeUser('admin', []))!;
    const main = menuFor(staff, 'main');
    expect(main.filter((n) => n.kind === 'disabled').map((n) => n.key)).toEqual(['requests', 'caps']);
    expect(menuFor(staff, 'profile').map((n) => n.key)).toEqual(['back', 'profile.about', 'profile.security']);
  });
});
