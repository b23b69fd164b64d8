/** The inbound-rule editor: the value input follows the rule type, and a server error lands on the rule it names. */
import type { Vertical } from '@leadgrid/shared/sell-side/verticals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { json, mockApi, type ApiCall } from '../../../test/api';
import { applySectionErrors, sectionPath } from './sections';
import { InboundRulesTab } from './tabs/InboundRulesTab';
import { ApiError } from '../../../api/client';

// antd forms validate asynchronously; a busy machine needs more than the default second
configure({ asyncUtilTimeout: 5000 });

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const VERTICAL: Vertical = {
  id: 7,
  title: 'Finance',
  description: '',
  status: 'active',
  goals: [],
  incomingParameters: [{ name: 'loanAmount', title: 'Loan amount', type: 'number', required: true, validation: {} }],
  inboundRules: [
    { type: 'allowed_countries', values: ['DE'], onFail: 'rejected' },
    { type: 'email_domain_not_in', values: ['mailinator.com'], onFail: 'invalid' },
  ],
  leadGrades: [],
  leadCategories: [],
  metrics: [],
  apiSettings: {},
  redirect: {},
  createdAt: 1_790_000_000,
  createdBy: null,
};

let calls: ApiCall[];
let answer: () => Response;

beforeEach(() => {
  answer = () => json({ data: { items: [VERTICAL] }, message: 'Vertical saved' });
  calls = mockApi((call) => {
    if (call.url.startsWith('/api/v1/countries'))
      return json({
        data: {
          items: [
            { code: 'AT', name: 'Austria' },
            { code: 'DE', name: 'Germany' },
          ],
        },
      });
    if (call.url.startsWith('/api/v1/languages')) return json({ data: { items: [{ code: 'de', name: 'German' }] } });
    if (call.method === 'POST' && call.url === '/api/v1/verticals/7/edit_inbound_rules') return answer();
    return json({ statusCode: 404, message: 'not found' }, 404);
  });
});

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AntApp>
          <InboundRulesTab vertical={VERTICAL} canWrite />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rows = () => screen.getAllByTestId('rule-row');

/** opens the rule type select of a row and picks a type by its label */
async function chooseType(row: HTMLElement, label: string) {
  fireEvent.mouseDown(within(within(row).getByTestId('rule-type')).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.getAttribute('title') === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

describe('inbound rules', () => {
  it('shows the value input of each rule type and clears the values when the type changes', async () => {
    renderTab();
    expect(rows()).toHaveLength(2);
    expect(within(rows()[0]).getByTestId('rule-values-countries')).toBeTruthy();
    expect(await within(rows()[0]).findByText('DE · Germany')).toBeTruthy();
    expect(within(rows()[1]).getByTestId('rule-values-domains')).toBeTruthy();
    expect(within(rows()[1]).getByText('mailinator.com')).toBeTruthy();

    await chooseType(rows()[0], 'Language is one of');
    await waitFor(() => expect(within(rows()[0]).getByTestId('rule-values-languages')).toBeTruthy());
    expect(within(rows()[0]).queryByTestId('rule-values-countries')).toBeNull();
    expect(within(rows()[0]).queryByText('DE · Germany')).toBeNull();
    expect(screen.getByTestId('section-unsaved')).toBeTruthy();

    await chooseType(rows()[0], 'Phone is valid for the country');
    await waitFor(() => expect(within(rows()[0]).getByTestId('rule-values-none')).toBeTruthy());

    await chooseType(rows()[0], 'Fields are filled');
    await waitFor(() => expect(within(rows()[0]).getByTestId('rule-values-fields')).toBeTruthy());
  });

  it('sends the rules as {data} and shows a server error on the row it names', async () => {
    answer = () =>
      json(
        {
          statusCode: 400,
          message: 'Validation failed',
          errors: [{ msg: 'maxlength', type: 'maxlength', loc: ['body', 'data', 1, 'values', 0] }],
        },
        400,
      );
    renderTab();
    await chooseType(rows()[0], 'Country is not one of');
    // the values were cleared with the type change: the rule needs a country again
    fireEvent.click(screen.getByTestId('section-save'));
    expect(await within(rows()[0]).findByText('This field is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.mouseDown(within(within(rows()[0]).getByTestId('rule-values-countries')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('AT · Austria'));
    fireEvent.click(screen.getByTestId('section-save'));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      data: [
        { type: 'blocked_countries', values: ['AT'], onFail: 'rejected' },
        { type: 'email_domain_not_in', values: ['mailinator.com'], onFail: 'invalid' },
      ],
    });
    expect(await within(rows()[1]).findByText('The value is too long')).toBeTruthy();
    expect(within(rows()[0]).queryByText('The value is too long')).toBeNull();
    expect(screen.getByTestId('section-unsaved')).toBeTruthy();
  });

  it('keeps the changes and marks the form saved after a successful save', async () => {
    renderTab();
    await chooseType(rows()[1], 'Phone is valid for the country');
    fireEvent.click(screen.getByTestId('section-save'));
    await waitFor(() => expect(screen.queryByTestId('section-unsaved')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      data: [
        { type: 'allowed_countries', values: ['DE'], onFail: 'rejected' },
        { type: 'phone_valid_for_country', values: [], onFail: 'invalid' },
      ],
    });
  });
});

describe('section errors', () => {
  it('strips the request prefix of a loc', () => {
    expect(sectionPath(['body', 'data', 2, 'values'])).toEqual([2, 'values']);
    expect(sectionPath(['body', 'data', 'cookieStorageSeconds'])).toEqual(['cookieStorageSeconds']);
  });

  it('a refusal without field errors is answered for the card', async () => {
    const { Form } = await import('antd');
    let form!: ReturnType<typeof Form.useForm>[0];
    function Screen() {
      const [f] = Form.useForm();
      form = f;
      return <Form form={f} />;
    }
    render(<Screen />);
    let rest: string[] = [];
    act(() => {
      rest = applySectionErrors(form, new ApiError(409, 'A goal that integrations or templates report cannot be removed'));
    });
    expect(rest).toEqual(['A goal that integrations or templates report cannot be removed']);
  });
});
