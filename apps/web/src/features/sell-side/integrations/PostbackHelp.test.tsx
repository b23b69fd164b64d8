/**
 * The inbound postback settings explain each parameter under the integration's own names and give a copyable example
 * URL with values (the approved status of its own mapping, its goal id), on the real postback host.
 */
import type { Integration } from '@leadgrid/shared/sell-side/integrations';
import type { Vertical } from '@leadgrid/shared/sell-side/verticals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import i18n from '../../../i18n';
import { SessionContext, type SessionValue } from '../../../app/session';
import { mockApi } from '../../../test/api';
import { InboundSection, postbackExample, postbackExampleValues } from './InboundSection';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
vi.mock('../../../api/settings', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/settings')>()),
  usePublicSettings: () => ({ data: { apiDomain: 'https://pb.example.com' } }),
}));
vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api')>()),
  useVertical: () => ({ data: { id: 3, leadGrades: [], goals: [] } as unknown as Vertical, error: null, isLoading: false }),
  useEditSection: () => ({ mutateAsync: vi.fn(), isPending: false }),
}));

const session = { timezone: 'UTC', access: { permissions: ['advertiser.update'], roleType: 'admin' } } as unknown as SessionValue;
const INTEGRATION = {
  id: 7,
  vertical: { id: 3, title: 'Finance' },
  template: null,
  postbackKey: 'pbk123',
  postbackUrl: '/postback/pbk123?clickid={click_id}',
  postbackEnabled: true,
  apiSyncEnabled: false,
  apiSyncStatus: 'idle',
  apiParameters: [],
  outApi: {},
  postback: { clickIdParam: 'clickid', leadIdParam: 'adv_lead', goalParam: 'event', secureCode: 's3cret' },
  apiSync: {},
  redirect: {},
  goals: [12],
  leadStatusMappings: [
    { advertiserStatus: 'new', leadStatus: 'new', conversionStatus: 1, leadGrade: null },
    { advertiserStatus: 'ftd', leadStatus: 'sent', conversionStatus: 3, leadGrade: null },
  ],
} as unknown as Integration;

beforeEach(() => {
  mockApi(() => ({ data: { items: [] } }));
});
afterEach(() => {
  void i18n.changeLanguage('en');
});

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SessionContext.Provider value={session}>
          <AntApp>
            <InboundSection owner="integration" record={INTEGRATION} />
          </AntApp>
        </SessionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('inbound postback help', () => {
  it('builds the example from the integration’s names, status mapping and goal', () => {
    const values = postbackExampleValues(INTEGRATION);
    expect([values.statusParam, values.goalParam]).toEqual(['ftd', '12']);
    expect(postbackExampleValues({ leadStatusMappings: [], goals: [] }).statusParam).toBe('approved');
    const url = new URL(postbackExample('https://pb.example.com', 'pbk123', { clickIdParam: 'clickid', secureCode: 'a b' }, values));
    expect(url.pathname).toBe('/postback/pbk123');
    expect(url.searchParams.get('clickid')).toBe(values.clickIdParam);
    expect(url.searchParams.get('lead_id')).toBe('ADV-84213');
    expect(url.searchParams.get('secure_code')).toBe('a b');
  });

  it('explains each parameter under its name and shows the copyable example URL', async () => {
    renderSection();
    fireEvent.click(await screen.findByText('What each parameter means', undefined, { timeout: 10_000 }));
    const table = await screen.findByTestId('postback-help-params');
    expect(within(table).getByText('adv_lead')).toBeTruthy();
    expect(within(table).getByText(/The advertiser’s own id of the lead/)).toBeTruthy();
    expect(within(table).getByText(/the goal’s title or its id/)).toBeTruthy();
    expect(within(table).getByText('secure_code')).toBeTruthy();
    const example = screen.getByTestId('postback-example-url');
    expect(example.textContent).toContain('https://pb.example.com/postback/pbk123?clickid=0192f5e4');
    expect(example.textContent).toContain('adv_lead=ADV-84213');
    expect(example.textContent).toContain('status=ftd');
    expect(example.textContent).toContain('event=12');
    expect(example.textContent).toContain('secure_code=s3cret');
  });

  it('speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    renderSection();
    fireEvent.click(await screen.findByText('Что означает каждый параметр', undefined, { timeout: 10_000 }));
    expect(await screen.findByText(/Собственный ID лида у рекламодателя/)).toBeTruthy();
  });
});
