import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
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
        { code: '422', description: 'The lead is refused by a rule' },
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

const SLOW = { timeout: 10_000 };

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

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
    // each answer code with its meaning, then the document's details
    const responses = screen.getByTestId('guide-responses');
    expect(within(responses).getByText('401')).toBeTruthy();
    expect(within(responses).getByText('No valid token')).toBeTruthy();
    expect(within(responses).getByText('Refused by a rule')).toBeTruthy();
    // the lead API's texts from the locales (in English, the document's own: docs.test.ts)
    expect(within(responses).getByText(/^The lead is refused by a rule, nothing stored/)).toBeTruthy();
    // an affiliate has no offer picker: the offer comes from its offer page's link
    expect(screen.queryByTestId('guide-offer-choice')).toBeNull();
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

  it('lets staff pick the offer of the examples, searched on the server, and shows its parameters', async () => {
    const urls = stubFetch((url) => {
      if (url.startsWith('/api/v1/offers/filters')) return { data: { items: [{ id: 7, title: 'Quick loan', status: 'active' }] } };
      const offerId = new URL(url, 'http://x').searchParams.get('offerId');
      return { data: offerId === '7' ? guide(null) : { ...guide(null), offer: null } };
    });
    renderPage(IntegrationGuidePage, '/integration-guide', { type: 'admin', permissions: ['front.menu.offers.read'] });
    const choice = await screen.findByTestId('guide-offer-choice');
    expect(screen.queryByTestId('guide-offer')).toBeNull();
    const combobox = within(choice).getByRole('combobox');
    fireEvent.mouseDown(combobox);
    fireEvent.change(combobox, { target: { value: 'Quick' } });
    await waitFor(() => expect(urls.some((u) => u.startsWith('/api/v1/offers/filters') && u.includes('search=Quick'))).toBe(true), SLOW);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
        o.textContent?.includes('Quick loan'),
      );
      if (!found) throw new Error('no option Quick loan');
      return found;
    }, SLOW);
    fireEvent.click(option);
    // the choice goes to ?offerId= and the guide of that offer comes with its vertical's parameters
    await waitFor(() => expect(urls.some((u) => u === '/api/v1/integration-guide?offerId=7')).toBe(true), SLOW);
    expect(within(await screen.findByTestId('guide-offer', undefined, SLOW)).getByText('fields.income')).toBeTruthy();
  });

  it('speaks Russian: the document’s texts from the locales, the document’s own where the locales have none', async () => {
    await i18n.changeLanguage('ru');
    const g = guide(null);
    const [op] = g.operations;
    const unknown = {
      name: 'extra',
      type: 'string',
      required: false,
      description: 'A field the locales do not know',
      values: [],
      maxLength: null,
    };
    stubFetch(() => ({ data: { ...g, operations: [{ ...op, fields: [...op.fields, unknown] }] } }));
    renderPage(IntegrationGuidePage, '/integration-guide?offerId=7', { type: 'affiliate', permissions: ['front.menu.offers.read'] });
    const card = await screen.findByTestId('guide-operation-postLeads');
    expect(within(card).getByText('Отправить лид (API лидов)')).toBeTruthy();
    const fields = within(card).getByTestId('guide-fields');
    expect(within(fields).getByText(/^Телефон, лучше в международном формате/)).toBeTruthy();
    expect(within(fields).getByText('A field the locales do not know')).toBeTruthy();
    expect(within(within(card).getByTestId('guide-answer')).getByText(/^Статус лида после/)).toBeTruthy();
    expect(within(within(card).getByTestId('guide-responses')).getByText(/^Лид отклонён правилом/)).toBeTruthy();
    expect(within(screen.getByTestId('guide-macros')).getByText('ID клика, выданный трекером')).toBeTruthy();
  });
});
