/** The platform form needs at least one integration method before it sends anything (product §3 Platform, §5 required). */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderPage } from '../../../test/renderPage';
import { PlatformDrawer } from './PlatformDrawer';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

function stubApi() {
  const sent: unknown[] = [];
  mockApi(({ body }) => {
    const items = body ? (body as { items: Record<string, unknown>[] }).items : [];
    sent.push(...items);
    const saved = { id: 5, description: '', status: 'active', templates: [], createdAt: 1_790_000_000, createdBy: null, ...items[0] };
    return { data: { items: [saved] } };
  });
  return sent;
}

describe('the platform form', () => {
  it('refuses to save with no integration method ticked, then saves once one is', async () => {
    const sent = stubApi();
    const onSaved = vi.fn();
    renderPage(() => <PlatformDrawer open initial={null} onClose={() => undefined} onSaved={onSaved} />, '/settings/platforms', {
      type: 'admin',
      permissions: ['platform.update'],
    });
    fireEvent.change(await screen.findByTestId('platform-title'), { target: { value: 'Trackbox' } });
    // the defaults (API, postback) unticked
    fireEvent.click(screen.getByTestId('platform-method-api'));
    fireEvent.click(screen.getByTestId('platform-method-postback'));
    fireEvent.click(screen.getByTestId('platform-save'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByTestId('platform-method-redirect'));
    fireEvent.click(screen.getByTestId('platform-save'));
    await waitFor(() => expect(sent).toEqual([{ title: 'Trackbox', description: '', methods: ['redirect'], status: 'active' }]));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
