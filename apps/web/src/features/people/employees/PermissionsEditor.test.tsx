/**
 * The custom permissions editor: differences from the role are highlighted, saving asks to confirm the added and
 * removed permissions (the roles screen's confirmation), and a list equal to the role's gives the role's back (null).
 */
import type { EmployeePermissions } from '@leadgrid/shared/people/people';
import type { Permission } from '@leadgrid/shared/access/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { json, mockApi } from '../../../test/api';
import { PermissionsEditor } from './PermissionsEditor';

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
const CATALOGUE = [
  perm('front.dashboard.read', 'Dashboard', 'dashboard'),
  perm('front.menu.campaigns.read', 'Campaigns menu', 'campaigns'),
  perm('front.menu.clicks.read', 'Clicks menu', 'traffic'),
  perm('affiliate.read', 'Affiliates and teams: read all', 'affiliates'),
];
const view = (permissions: string[]): EmployeePermissions => {
  const role = ['front.dashboard.read', 'front.menu.campaigns.read', 'front.menu.clicks.read'];
  return {
    userId: 5,
    role: { id: 2, title: 'Affiliate manager', type: 'affiliate_manager' },
    rolePermissions: role,
    customPermissions: permissions.join() === role.join() ? null : permissions,
    hasCustomPermissions: permissions.join() !== role.join(),
    permissions,
    added: permissions.filter((p) => !role.includes(p)),
    removed: role.filter((p) => !permissions.includes(p)),
    catalogue: CATALOGUE,
  };
};

let posts: unknown[];

beforeEach(() => {
  posts = [];
  let current = view(['front.dashboard.read', 'front.menu.clicks.read', 'affiliate.read']);
  mockApi((call) => {
    if (call.url === '/api/v1/employees/5/permissions' && call.method === 'POST') {
      const body = call.body as { data: { permissions: string[] | null } };
      posts.push(body.data.permissions);
      current = view(body.data.permissions ?? current.rolePermissions);
      return { data: current, message: 'Custom permissions saved' };
    }
    if (call.url === '/api/v1/employees/5/permissions') return { data: current };
    return json({}, 404);
  });
});

function renderEditor() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <PermissionsEditor employeeId={5} name="Mark Evans" canWrite self={false} />
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('PermissionsEditor', () => {
  it('highlights what differs from the role', async () => {
    renderEditor();
    expect((await screen.findByTestId('perm-added')).textContent).toContain('Affiliates and teams: read all');
    expect(screen.getByTestId('perm-removed').textContent).toContain('Campaigns menu');
    expect(screen.getByTestId('perm-added-count').textContent).toBe('1 added');
    expect(screen.getByTestId('perm-removed-count').textContent).toBe('1 removed');
  });

  it('confirms the added and removed permissions before saving', async () => {
    renderEditor();
    await screen.findByTestId('perm-added');
    // take clicks away and give campaigns back
    fireEvent.click(screen.getByRole('checkbox', { name: 'Clicks menu' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Campaigns menu' }));
    fireEvent.click(screen.getByTestId('perm-save'));
    const body = await screen.findByTestId('permission-diff-body');
    expect(within(body).getByTestId('diff-added').textContent).toContain('Campaigns menu');
    expect(within(body).getByTestId('diff-removed').textContent).toContain('Clicks menu');
    expect(posts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save the permissions' }));
    await waitFor(() => expect(posts).toEqual([['front.dashboard.read', 'front.menu.campaigns.read', 'affiliate.read']]));
  });

  it("gives the role's permissions back with null", async () => {
    renderEditor();
    await screen.findByTestId('perm-added');
    fireEvent.click(screen.getByTestId('perm-reset'));
    fireEvent.click(screen.getByTestId('perm-save'));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Give back the role’s permissions' }));
    await waitFor(() => expect(posts).toEqual([null]));
  });
});
