/** The add-integration form creates a template inline (integration_template.update) and chooses it. */
import type { Advertiser } from '@leadgrid/shared/sell-side/advertisers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderPage } from '../../../test/renderPage';
import { AddIntegrationModal } from './IntegrationModals';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const ADVERTISER = {
  id: 4,
  title: 'Acme Loans',
  status: 'active',
  platform: { id: 2, title: 'LeadCRM' },
  vertical: { id: 3, title: 'Finance' },
} as unknown as Advertiser;

/** the API: no template yet for LeadCRM · Finance until one is created */
function stubApi() {
  const created: unknown[] = [];
  const templates: { id: number; title: string }[] = [];
  mockApi(({ method, url, body }) => {
    if (method === 'PUT' && url.includes('/integration-templates')) {
      const { items } = body as { items: { title: string }[] };
      created.push(...items);
      const tpl = { id: 31, title: items[0].title, platform: { id: 2, title: 'LeadCRM' }, vertical: { id: 3, title: 'Finance' } };
      templates.push({ id: 31, title: items[0].title });
      return { data: { items: [tpl] } };
    }
    if (url.includes('/integration-templates/for-integration')) return { data: { items: templates } };
    if (url.includes('/platforms/active'))
      return { data: { items: [{ id: 2, title: 'LeadCRM', status: 'active', methods: ['api', 'postback'] }] } };
    if (url.includes('/verticals')) return { data: { items: [{ id: 3, title: 'Finance', status: 'active' }] } };
    return { data: { items: [] } };
  });
  return created;
}

const open = (permissions: string[]) =>
  renderPage(() => <AddIntegrationModal advertiser={ADVERTISER} open onClose={() => undefined} />, '/advertisers/4', {
    type: 'admin',
    permissions: ['advertiser.update', ...permissions],
  });

describe('creating a template from the integration form', () => {
  it('opens the template form for the advertiser’s platform and vertical, creates the template and chooses it', async () => {
    const created = stubApi();
    open(['integration_template.update']);
    expect(
      await screen.findByText(
        'No active template for this platform and vertical yet. Create one with “New template”.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('integration-template-new'));
    // the template drawer loads on first opening (lazy): allow it the time of a loaded machine
    const title = await screen.findByTestId('template-title', {}, { timeout: 10_000 });
    fireEvent.change(title, { target: { value: 'LeadCRM · Finance' } });
    fireEvent.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(created).toEqual([expect.objectContaining({ title: 'LeadCRM · Finance', platformId: 2, verticalId: 3 })]));
    await waitFor(() => expect(within(screen.getByTestId('integration-add-form')).getByText('LeadCRM · Finance')).toBeTruthy());
  });

  it('hides the button without the template permission', async () => {
    stubApi();
    open([]);
    expect(
      await screen.findByText(
        'No active template for this platform and vertical. Create one in Settings → Integration templates.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('integration-template-new')).toBeNull();
  });
});
