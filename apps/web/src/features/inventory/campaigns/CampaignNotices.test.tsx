/**
 * Product §8 notices of a campaign: each one an alert (traffic blocks as warnings, no offer access as an error) with the
 * server's message; after an edit that answers notices the drawer stays open and shows them, without notices it
 * closes; a 403 "no access to this offer" on create lands on the offer field.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { SessionContext, type SessionValue } from '../../../app/session';
import { json, mockApi } from '../../../test/api';
import { CampaignDrawer } from './CampaignDrawer';
import { CampaignNotices } from './CampaignNotices';
import { CAMPAIGN } from './campaign.fixture';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 10_000 };
const BLOCKED = {
  type: 'traffic_blocked_admin' as const,
  message: "The affiliate's traffic is blocked: the campaign is saved, but its clicks are refused until the affiliate is unblocked.",
};
const NO_ACCESS = {
  type: 'no_offer_access' as const,
  message:
    'The affiliate has no access to this offer: the campaign receives no traffic until the offer is assigned to the affiliate or their team.',
};

describe('CampaignNotices', () => {
  it('shows each notice as an alert with the server’s message', () => {
    render(<CampaignNotices notices={[BLOCKED, NO_ACCESS]} />);
    const blocked = screen.getByTestId('campaign-notice-traffic_blocked_admin');
    expect(within(blocked).getByText('The affiliate’s traffic is blocked')).toBeTruthy();
    expect(within(blocked).getByText(BLOCKED.message)).toBeTruthy();
    expect(blocked.className).toContain('ant-alert-warning');
    const denied = screen.getByTestId('campaign-notice-no_offer_access');
    expect(within(denied).getByText('No access to the offer')).toBeTruthy();
    expect(denied.className).toContain('ant-alert-error');
  });

  it('says the affiliate’s own block in their words, and nothing without notices', () => {
    const { container, rerender } = render(<CampaignNotices notices={[]} />);
    expect(container.textContent).toBe('');
    rerender(
      <CampaignNotices notices={[{ type: 'traffic_blocked_affiliate', message: 'Your traffic is blocked: contact your manager.' }]} />,
    );
    expect(screen.getByText('Your traffic is blocked')).toBeTruthy();
  });
});

let writes: { method: string; path: string; body: unknown }[];
let answer: () => Response;

beforeEach(() => {
  writes = [];
  mockApi(({ method, url: path, body }) => {
    if (method !== 'GET') {
      writes.push({ method, path, body });
      return answer();
    }
    if (path.startsWith('/api/v1/offers/11') || path.startsWith('/api/v1/offers/for-affiliate/11'))
      return json({
        data: { items: [{ id: 11, title: 'Loans DE', status: 'active', integrationMethod: 'api', geos: [], trafficSources: [] }] },
      });
    if (path.startsWith('/api/v1/offers/filters')) return json({ data: { items: [{ id: 11, title: 'Loans DE', status: 'active' }] } });
    return json({ data: { items: [], meta: { totalCount: 0 } } });
  });
});

function Providers({ children, roleType = 'admin' }: { children: ReactNode; roleType?: string }) {
  const session = {
    access: { roleType, permissions: ['front.menu.campaigns.read', 'campaign.update'] },
    timezone: 'UTC',
  } as unknown as SessionValue;
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SessionContext.Provider value={session}>
          <AntApp>{children}</AntApp>
        </SessionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

describe('CampaignDrawer notices', () => {
  it('keeps the drawer open with the notices an edit answers', async () => {
    answer = () => json({ data: { items: [{ ...CAMPAIGN, title: 'FB AT', notices: [BLOCKED] }] }, message: 'Campaign saved' });
    const onClose = vi.fn();
    render(
      <Providers>
        <CampaignDrawer open campaign={CAMPAIGN} onClose={onClose} />
      </Providers>,
    );
    fireEvent.change(await screen.findByTestId('campaign-title', undefined, SLOW), { target: { value: 'FB AT' } });
    fireEvent.click(screen.getByTestId('campaign-save'));
    const saved = await screen.findByTestId('campaign-saved', undefined, SLOW);
    expect(within(saved).getByText('The campaign is saved. Mind the notices below.')).toBeTruthy();
    expect(within(saved).getByText(BLOCKED.message)).toBeTruthy();
    expect(writes).toEqual([{ method: 'PATCH', path: '/api/v1/campaigns', body: { items: [{ id: 7, title: 'FB AT' }] } }]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('campaign-drawer-close').textContent).toBe('Close');
  });

  it('closes after an edit without notices', async () => {
    answer = () => json({ data: { items: [{ ...CAMPAIGN, title: 'FB AT', notices: [] }] }, message: 'Campaign saved' });
    const onClose = vi.fn();
    render(
      <Providers>
        <CampaignDrawer open campaign={CAMPAIGN} onClose={onClose} />
      </Providers>,
    );
    fireEvent.change(await screen.findByTestId('campaign-title', undefined, SLOW), { target: { value: 'FB AT' } });
    fireEvent.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    expect(screen.queryByTestId('campaign-saved')).toBeNull();
  });

  it('puts the 403 “no access to this offer” on the offer field of a new campaign', async () => {
    answer = () =>
      json(
        {
          statusCode: 403,
          message: 'You have no access to this offer',
          errors: [{ msg: 'You have no access to this offer', type: 'no_offer_access', loc: ['body', 'items', 0, 'offerId'] }],
        },
        403,
      );
    const onCreated = vi.fn();
    render(
      <Providers roleType="affiliate">
        <CampaignDrawer open campaign={null} presetOfferId={11} onClose={vi.fn()} onCreated={onCreated} />
      </Providers>,
    );
    fireEvent.change(await screen.findByTestId('campaign-title', undefined, SLOW), { target: { value: 'Native' } });
    // the offer's method is filled in once the offer is read
    await waitFor(() => expect(screen.getByTestId('campaign-method').textContent).toContain('API'), SLOW);
    fireEvent.click(screen.getByTestId('campaign-save'));
    const offerField = (await screen.findByTestId('campaign-offer', undefined, SLOW)).closest('.ant-form-item') as HTMLElement;
    expect(await within(offerField).findByText('You have no access to this offer', undefined, SLOW)).toBeTruthy();
    expect(writes[0]).toMatchObject({ method: 'PUT', body: { items: [{ title: 'Native', offerId: 11, integrationMethod: 'api' }] } });
    expect(onCreated).not.toHaveBeenCalled();
  });
});
