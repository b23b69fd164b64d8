/** Product §6: saving a change of a role's permissions first shows the added and removed ones, by title. */
import type { Permission, Role } from '@leadgrid/shared/access/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultPermissions, type AccessSubject } from '@leadgrid/shared/access/permissions';
import { SessionContext, type SessionValue } from '../../../app/session';
import { json, mockApi, type ApiCall } from '../../../test/api';
import { RoleDrawer } from './RoleDrawer';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const perm = (name: string, title: string, groupId: string): Permission => ({
  name,
  title,
  description: title,
  groupId,
  system: false,
  hidden: false,
  disabled: false,
});
const CATALOGUE: Permission[] = [
  perm('front.dashboard.read', 'Dashboard', 'dashboard'),
  perm('front.menu.campaigns.read', 'Campaigns menu', 'campaigns'),
  perm('front.menu.clicks.read', 'Clicks menu', 'traffic'),
  perm('role.read', 'Roles: read', 'roles'),
];
const ROLE: Role = {
  id: 7,
  title: 'Senior affiliate manager',
  type: 'affiliate_manager',
  permissions: ['front.dashboard.read', 'role.read'],
  status: 'active',
  system: false,
  requireTwoFactor: false,
  usersCount: 3,
  createdAt: 1_700_000_000,
};

let calls: ApiCall[];

beforeEach(() => {
  calls = mockApi((call) => {
    if (call.url.includes('/permissions')) return json({ data: { items: CATALOGUE } });
    if (call.method === 'PATCH' && call.url.endsWith('/roles')) {
      const item = (call.body as { items: Partial<Role>[] }).items[0];
      return json({ data: { items: [{ ...ROLE, ...item }] }, message: 'Role saved' });
    }
    return json({ statusCode: 404, message: 'not found' }, 404);
  });
});

const ADMIN: AccessSubject = { roleType: 'admin', permissions: defaultPermissions('admin') };

function renderDrawer(onClose = vi.fn(), access: AccessSubject = ADMIN) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={{ access } as SessionValue}>
        <AntApp>
          <RoleDrawer state={{ mode: 'edit', role: ROLE }} onClose={onClose} />
        </AntApp>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { onClose };
}

describe('requiring two-factor sign-in', () => {
  it('lets an administrator switch it on for a staff role and saves only that', async () => {
    const { onClose } = renderDrawer();
    const sw = await screen.findByTestId('role-require-2fa');
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sw);
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).toEqual({ items: [{ id: 7, requireTwoFactor: true }] });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows it read-only to an administrator-type role short of the catalogue', async () => {
    renderDrawer(vi.fn(), { roleType: 'admin', permissions: ['role.read', 'role.update'] });
    const sw = await screen.findByTestId('role-require-2fa');
    expect(sw.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Only an administrator can change this/)).toBeTruthy();
  });
});

const patches = () => calls.filter((c) => c.method === 'PATCH');

describe('editing the permissions of a role', () => {
  it('lists the added and removed permissions by title before saving, and saves only on confirmation', async () => {
    const { onClose } = renderDrawer();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Campaigns menu' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Clicks menu' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Roles: read' }));
    fireEvent.click(screen.getByTestId('role-save'));

    const body = await screen.findByTestId('permission-diff-body');
    const added = within(body).getByTestId('diff-added');
    const removed = within(body).getByTestId('diff-removed');
    expect(within(added).getByText('2 permissions added')).toBeTruthy();
    expect(
      within(added)
        .getAllByTestId('diff-added-item')
        .map((el) => el.textContent),
    ).toEqual(['Campaigns menuCampaigns', 'Clicks menuTraffic data']);
    expect(within(removed).getByText('1 permission removed')).toBeTruthy();
    expect(
      within(removed)
        .getAllByTestId('diff-removed-item')
        .map((el) => el.textContent),
    ).toEqual(['Roles: readRoles']);
    // titles, never the raw permission names
    expect(body.textContent).not.toContain('front.menu.campaigns.read');
    expect(body.textContent).not.toContain('role.read');
    expect(within(body).getByText('3 users hold this role: the change applies to them at once.')).toBeTruthy();
    expect(patches()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Save the permissions' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).toEqual({
      items: [{ id: 7, permissions: ['front.dashboard.read', 'front.menu.campaigns.read', 'front.menu.clicks.read'] }],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('goes back to editing without saving', async () => {
    renderDrawer();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Roles: read' }));
    fireEvent.click(screen.getByTestId('role-save'));
    await screen.findByTestId('permission-diff-body');
    expect(screen.queryByTestId('diff-added')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to editing' }));
    await waitFor(() => expect(screen.queryByTestId('permission-diff-body')).toBeNull());
    expect(patches()).toHaveLength(0);
  });

  it('selects a whole group at once and asks again for that change', async () => {
    renderDrawer();
    // the group 'Traffic data' holds one permission: selecting the group adds it
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select every permission of Traffic data' }));
    fireEvent.click(screen.getByTestId('role-save'));
    const body = await screen.findByTestId('permission-diff-body');
    expect(
      within(body)
        .getAllByTestId('diff-added-item')
        .map((el) => el.textContent),
    ).toEqual(['Clicks menuTraffic data']);
  });

  it('saves a title change without the permission confirmation', async () => {
    renderDrawer();
    await screen.findByRole('checkbox', { name: 'Campaigns menu' });
    fireEvent.change(screen.getByDisplayValue('Senior affiliate manager'), { target: { value: 'Lead affiliate manager' } });
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(screen.queryByTestId('permission-diff-body')).toBeNull();
    expect(patches()[0].body).toEqual({ items: [{ id: 7, title: 'Lead affiliate manager' }] });
  });
});
