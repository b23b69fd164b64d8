/** The add-integration form creates a template inline (integration_template.update) and chooses it. */
import type { Advertiser } from '@leadgrid/shared/sell-side/advertisers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (data: unknown) =>
        new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'PUT' && url.includes('/integration-templates')) {
        const { items } = JSON.parse(String(init.body));
        created.push(...items);
        const tpl = { id: 31, title: items[0].title, platform: { id: 2, title: 'LeadCRM' }, vertical: { id: 3, title: 'Finance' } };
        templates.push({ id: 31, title: items[0].title });
        return json({ items: [tpl] });
      }
      if (url.includes('/integration-templates/for-integration')) return json({ items: templates });
      if (url.includes('/platforms/active'))
        return json({ items: [{ id: 2, title: 'LeadCRM', status: 'active', methods: ['api', 'postback'] }] });
      if (url.includes('/verticals')) return json({ items: [{ id: 3, title: 'Finance', status: 'active' }] });
      return json({ items: [] });
    }),
  );
  return created;
}

const open = (permissions: string[]) =>
  renderPage(() => <AddIntegrationModal advertiser={ADVERTISER} open onClose={() => undefined} />, '/advertisers/4', {
    type: 'admin',
    permissions: ['advertiser.update', ...permissions],
  });

afterEach(() => vi.unstubAllGlobals());

describe('creating a template from the integration form', () => {
  it('opens the template form for the advertiser’s platform and vertical, creates the template and chooses it', async () => {
    const created = stubApi();
    open(['integration_template.update']);
    expect(await screen.findByText('No active template for this platform and vertical yet. Create one with “New template”.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('integration-template-new'));
    const title = await screen.findByTestId('template-title');
    fireEvent.change(title, { target: { value: 'LeadCRM · Finance' } });
    fireEvent.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(created).toEqual([expect.objectContaining({ title: 'LeadCRM · Finance', platformId: 2, verticalId: 3 })]));
    await waitFor(() => expect(within(screen.getByTestId('integration-add-form')).getByText('LeadCRM · Finance')).toBeTruthy());
  });

  it('hides the button without the template permission', async () => {
    stubApi();
    open([]);
    expect(
      await screen.findByText('No active template for this platform and vertical. Create one in Settings → Integration templates.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('integration-template-new')).toBeNull();
  });
});
