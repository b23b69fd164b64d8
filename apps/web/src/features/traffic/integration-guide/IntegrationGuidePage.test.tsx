import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryOf, renderPage, stubFetch } from '../../../test/renderPage';
import IntegrationGuidePage from './IntegrationGuidePage';

const curl = (token: string, extra = '') =>
  `curl -X POST 'https://track.acme.io/api/v1/leads' \\\n  -H 'X-Api-Key: ${token}' \\\n  -H 'Content-Type: application/json' \\\n  -d '{\n  "offerId": 7,\n  "phone": "+48 601 234 567"${extra}\n}'`;

const guide = (token: string | null) => ({
  brand: 'Acme Leads',
  publicUrl: 'https://track.acme.io',
  tokenHeader: 'X-Api-Key',
  token,
  tokenPlaceholder: 'YOUR_API_TOKEN',
  offer: {
    id: 7,
    title: 'Quick loan',
    vertical: { id: 2, title: 'Loans' },
    parameters: [{ name: 'income', title: 'Monthly income', type: 'number', required: true, where: 'fields' }],
  },
  operations: [
    {
      operationId: 'postLeads',
      method: 'POST',
      path: '/api/v1/leads',
      url: 'https://track.acme.io/api/v1/leads',
      summary: 'Post a lead (lead API)',
      description: 'Validates the lead and distributes it.',
      fields: [
        { name: 'offerId', type: 'integer', required: false, description: 'The offer', values: [], maxLength: null },
        { name: 'phone', type: 'string', required: true, description: 'Phone, international format preferred', values: [], maxLength: 50 },
      ],
      answerFields: [
        { name: 'status', type: 'string', required: true, description: 'The lead’s status', values: ['new', 'sent'], maxLength: null },
      ],
      responses: [
        { code: '200', description: 'Default Response' },
        { code: '400', description: 'Invalid request' },
        { code: '401', description: 'No valid sign-in' },
      ],
      examples: [
        { kind: 'lead', curl: curl(token ?? 'YOUR_API_TOKEN') },
        { kind: 'test', curl: curl(token ?? 'YOUR_API_TOKEN', ',\n  "test": true') },
      ],
    },
  ],
  postback: {
    macros: [
      { name: 'click_id', group: 'click', description: 'Click ID given by the tracker' },
      { name: 'lead_status', group: 'lead', description: 'API status of the lead' },
    ],
    events: ['event_received', 'event_sent'],
    example: 'https://tracker.example/postback?click_id={click_id}&event={event}',
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('the integration guide page', () => {
  it('shows the affiliate its own token, the fields, copyable curl examples and the postback macros of the white label', async () => {
    const urls = stubFetch(() => ({ data: guide('tok_abcdefghijklmnop1234') }));
    renderPage(IntegrationGuidePage, '/integration-guide?offerId=7', { type: 'affiliate', permissions: ['front.menu.offers.read'] });
    expect(await screen.findByTestId('guide-heading')).toBeTruthy();
    expect(queryOf(urls, '/api/v1/integration-guide')).toEqual({ offerId: '7' });
    expect(screen.getByText(/Send leads to Acme Leads/)).toBeTruthy();
    expect(screen.getByTestId('guide-offer-banner').textContent).toContain('Quick loan (#7)');
    // the token is masked until shown, and copyable
    const token = screen.getByTestId('guide-token') as HTMLInputElement;
    expect(token.value).not.toContain('abcdefgh');
    expect(within(screen.getByTestId('guide-auth')).getAllByRole('button', { name: 'Copy' }).length).toBe(1);
    // the curl examples carry the token and each has a copy button
    const lead = screen.getByTestId('guide-curl-lead');
    expect(lead.textContent).toContain("-H 'X-Api-Key: tok_abcdefghijklmnop1234'");
    expect(within(lead).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByTestId('guide-curl-test').textContent).toContain('"test": true');
    // fields from the answer, with the required flag
    const fields = screen.getByTestId('guide-fields');
    expect(within(fields).getByText('phone')).toBeTruthy();
    expect(within(fields).getByText('required')).toBeTruthy();
    expect(within(fields).getByText('up to 50 characters')).toBeTruthy();
    expect(within(screen.getByTestId('guide-offer')).getByText('fields.income')).toBeTruthy();
    expect(within(screen.getByTestId('guide-responses')).getByText('401')).toBeTruthy();
    expect(within(screen.getByTestId('guide-macros')).getByText('{click_id}')).toBeTruthy();
    expect(screen.getByTestId('guide-postback').textContent).toContain('Acme Leads calls it');
    expect(document.body.textContent).not.toContain('Leadgrid');
  });

  it('tells staff that each affiliate uses its own token', async () => {
    stubFetch(() => ({ data: { ...guide(null), offer: null } }));
    renderPage(IntegrationGuidePage, '/integration-guide', { type: 'admin', permissions: ['front.menu.offers.read'] });
    expect((await screen.findByTestId('guide-no-token')).textContent).toContain('YOUR_API_TOKEN');
    expect(screen.queryByTestId('guide-offer')).toBeNull();
    expect(screen.getByTestId('guide-curl-lead').textContent).toContain('X-Api-Key: YOUR_API_TOKEN');
  });
});
