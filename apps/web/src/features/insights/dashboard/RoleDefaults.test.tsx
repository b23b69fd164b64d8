/**
 * The dashboard's "More" menu: everyone resets to the default (after a confirmation); who may edit roles also saves
 * the dashboard as a role's default (affiliate roles not offered) and removes a role's default.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderPage } from '../../../test/renderPage';
import DashboardPage from './DashboardPage';

vi.mock('../LineChart', () => ({ default: () => <div data-testid="chart" /> }));
vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 10_000 };
const DASHBOARD = { id: 1, parent: null, type: 'grid', settings: {}, widgets: [] };
const ROLES = [
  {
    id: 2,
    title: 'Operators',
    type: 'employee',
    permissions: [],
    status: 'active',
    system: false,
    requireTwoFactor: false,
    usersCount: 3,
    createdAt: 1,
  },
  {
    id: 3,
    title: 'Brokers',
    type: 'advertiser_member',
    permissions: [],
    status: 'active',
    system: false,
    requireTwoFactor: false,
    usersCount: 1,
    createdAt: 1,
  },
  {
    id: 4,
    title: 'Webmasters',
    type: 'affiliate',
    permissions: [],
    status: 'active',
    system: true,
    requireTwoFactor: false,
    usersCount: 9,
    createdAt: 1,
  },
];
const DEFAULTS = [{ roleId: 3, roleTitle: 'Brokers', roleType: 'advertiser_member', widgetsCount: 2, updatedAt: 1_764_000_000 }];

let requests: { method: string; url: string }[];
beforeEach(() => {
  requests = [];
  mockApi(({ method, url }) => {
    requests.push({ method, url });
    if (url.startsWith('/api/v1/dashboard/role-defaults/')) {
      const roleId = Number(url.split('/').pop());
      return method === 'DELETE'
        ? { data: { roleId } }
        : { data: { roleId, roleTitle: 'Operators', roleType: 'employee', widgetsCount: 0, updatedAt: 1_764_000_000 } };
    }
    if (url.startsWith('/api/v1/dashboard/role-defaults')) return { data: { items: DEFAULTS } };
    if (url.startsWith('/api/v1/dashboard')) return { data: DASHBOARD };
    if (url.startsWith('/api/v1/roles')) return { data: { items: ROLES, meta: { totalCount: ROLES.length } } };
    return { data: { items: [] } };
  });
});

const openMore = async () => {
  fireEvent.click(await screen.findByTestId('dashboard-more', undefined, SLOW));
  return screen.findByRole('menu');
};

describe('dashboard: More', () => {
  it('resets to the default after a confirmation; no role default without the role write permission', async () => {
    renderPage(DashboardPage, '/', { type: 'affiliate_manager', permissions: ['front.dashboard.read'] });
    const menu = await openMore();
    expect(within(menu).queryByText('Save as default for a role…')).toBeNull();
    fireEvent.click(within(menu).getByText('Reset to default'));
    fireEvent.click(await screen.findByTestId('dashboard-reset-ok', undefined, SLOW));
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', url: '/api/v1/dashboard/reset' }));
    expect(requests.some((r) => r.url.startsWith('/api/v1/dashboard/role-defaults') || r.url.startsWith('/api/v1/roles'))).toBe(false);
  });

  it('saves the dashboard as the default of a chosen role and removes a role default', async () => {
    renderPage(DashboardPage, '/', { type: 'admin', permissions: ['front.dashboard.read', 'role.read', 'role.update'] });
    fireEvent.click(within(await openMore()).getByText('Save as default for a role…'));
    const dialog = await screen.findByRole('dialog', undefined, SLOW);
    // the roles that have a default, with their widgets
    const listed = await within(dialog).findByTestId('role-default-3', undefined, SLOW);
    expect(within(listed).getByText('Brokers · Advertiser member')).toBeTruthy();
    expect(within(listed).getByText(/^2 widgets, saved 2025\.11\.24/)).toBeTruthy();

    fireEvent.mouseDown(within(within(dialog).getByTestId('role-default-role')).getByRole('combobox'));
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((o) => o.getAttribute('title'));
      if (!found.length) throw new Error('no options');
      return found;
    });
    // an affiliate role is not offered: affiliates have no dashboard
    expect(options).toEqual(['Operators · Employee', 'Brokers · Advertiser member']);
    fireEvent.click(document.querySelector<HTMLElement>('.ant-select-item-option[title="Brokers · Advertiser member"]')!);
    expect(await within(dialog).findByText('This role has a default already: it will be replaced.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('role-default-save'));
    await waitFor(() => expect(requests).toContainEqual({ method: 'PUT', url: '/api/v1/dashboard/role-defaults/3' }));

    fireEvent.click(within(dialog).getByTestId('role-default-remove-3'));
    fireEvent.click(await screen.findByTestId('role-default-remove-ok', undefined, SLOW));
    await waitFor(() => expect(requests).toContainEqual({ method: 'DELETE', url: '/api/v1/dashboard/role-defaults/3' }));
  });
});
