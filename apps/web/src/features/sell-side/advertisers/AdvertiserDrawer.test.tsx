/** The advertiser form: the shared rules before sending, the server's field errors on their field, edits send what changed. */
import type { Advertiser } from '@leadgrid/shared/sell-side/advertisers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { json, mockApi } from '../../../test/api';
import { AdvertiserDrawer, toCreate, toUpdate, valuesOf } from './AdvertiserDrawer';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const ADVERTISER: Advertiser = {
  id: 4,
  secureId: 'abcd1234abcd1234',
  title: 'Acme Loans',
  description: 'Loans',
  status: 'active',
  statusChangedAt: null,
  statusChangedBy: null,
  blockReason: null,
  contacts: [{ type: 'email', value: 'ops@acme.test' }],
  platform: { id: 2, title: 'LeadCRM' },
  vertical: { id: 3, title: 'Finance' },
  tags: [{ id: 7, title: 'VIP' }],
  managers: [{ id: 5, firstName: 'Olga', lastName: 'P', email: 'o@x.io' }],
  defaultCurrency: 'EUR',
  apiToken: null,
  redirectTemplateEnabled: false,
  redirectTemplate: null,
  integrationsCount: 0,
  createdAt: 1_790_000_000,
  createdBy: null,
};

describe('create and edit items', () => {
  it('creates with every field, trimmed, an empty redirect template as null', () => {
    const v = { ...valuesOf(null), title: '  Northwind  ', description: ' Cars ', defaultCurrency: 'GBP', redirectTemplate: '  ' };
    expect(toCreate(v)).toEqual({
      title: 'Northwind',
      description: 'Cars',
      contacts: [],
      platformId: null,
      verticalId: null,
      tagIds: [],
      managerIds: [],
      defaultCurrency: 'GBP',
      redirectTemplateEnabled: false,
      redirectTemplate: null,
    });
  });

  it('edits only what changed (the order of ids does not count)', () => {
    const v = valuesOf(ADVERTISER);
    expect(toUpdate(ADVERTISER, v)).toEqual({ id: 4 });
    expect(toUpdate(ADVERTISER, { ...v, tagIds: [7], managerIds: [5], title: 'Acme Loans' })).toEqual({ id: 4 });
    expect(
      toUpdate(ADVERTISER, {
        ...v,
        title: 'Acme Credit',
        verticalId: null,
        tagIds: [7, 9],
        redirectTemplateEnabled: true,
        redirectTemplate: 'https://acme.test/thanks',
      }),
    ).toEqual({
      id: 4,
      title: 'Acme Credit',
      verticalId: null,
      tagIds: [7, 9],
      redirectTemplateEnabled: true,
      redirectTemplate: 'https://acme.test/thanks',
    });
  });
});

let writes: { method: string; body: unknown }[];
let answer: () => Response;

beforeEach(() => {
  writes = [];
  answer = () => json({ data: { items: [{ ...ADVERTISER, id: 9 }] }, message: 'Advertiser created' });
  mockApi(({ method, url, body }) => {
    if (method !== 'GET') {
      writes.push({ method, body });
      return answer();
    }
    if (url.startsWith('/api/v1/currencies/all'))
      return json({ data: { items: [{ id: 1, code: 'USD', name: 'US Dollar', status: 'active', isBase: true }] } });
    return json({ data: { items: [], meta: { totalCount: 0 } } });
  });
});

function renderDrawer(onSaved = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AntApp>
          <AdvertiserDrawer open advertiser={null} onClose={vi.fn()} onSaved={onSaved} />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSaved, form: screen.getByTestId('advertiser-form') };
}

/** antd renders slowly in jsdom on a busy machine */
const SLOW = { timeout: 10_000 };
const fieldOf = (form: HTMLElement, id: string) => form.querySelector(`#${id}`)!.closest('.ant-form-item') as HTMLElement;

describe('AdvertiserDrawer', () => {
  it('checks the title and the redirect template before sending anything', async () => {
    const { form } = renderDrawer();
    fireEvent.click(screen.getByTestId('advertiser-save'));
    expect(await within(fieldOf(form, 'title')).findByText('This field is required', undefined, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByTestId('redirect-enabled'));
    fireEvent.change(screen.getByTestId('redirect-template'), { target: { value: 'ftp://brand.test' } });
    fireEvent.blur(screen.getByTestId('redirect-template'));
    fireEvent.click(screen.getByTestId('advertiser-save'));
    expect(
      await within(fieldOf(form, 'redirectTemplate')).findByText('Enter a URL starting with http:// or https://', undefined, SLOW),
    ).toBeTruthy();
    expect(writes).toEqual([]);
  }, 120_000);

  it('puts the server’s field errors on their fields and keeps the drawer open', async () => {
    answer = () =>
      json(
        {
          statusCode: 400,
          message: 'An advertiser with this title already exists',
          errors: [
            { msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] },
            { msg: 'required', type: 'exists', loc: ['body', 'items', 0, 'managerIds', 1] },
            { msg: 'length', type: 'length', loc: ['body', 'items', 0, 'defaultCurrency'] },
          ],
        },
        400,
      );
    const { form, onSaved } = renderDrawer();
    fireEvent.change(screen.getByTestId('advertiser-title'), { target: { value: ' Acme Loans ' } });
    fireEvent.click(screen.getByTestId('advertiser-save'));
    expect(await within(fieldOf(form, 'title')).findByText('This value is already in use', undefined, SLOW)).toBeTruthy();
    expect(within(fieldOf(form, 'managerIds')).getByText('This field is required')).toBeTruthy();
    expect(within(fieldOf(form, 'defaultCurrency')).getByText('The value has the wrong length')).toBeTruthy();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: 'PUT', body: { items: [{ title: 'Acme Loans', defaultCurrency: 'USD' }] } });
    expect(onSaved).not.toHaveBeenCalled();
  }, 120_000);

  it('creates the advertiser in the base currency and hands it over', async () => {
    const { onSaved } = renderDrawer();
    fireEvent.change(screen.getByTestId('advertiser-title'), { target: { value: 'Northwind' } });
    await waitFor(() => expect(screen.getByText('USD · US Dollar')).toBeTruthy(), SLOW);
    fireEvent.click(screen.getByTestId('advertiser-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 })), SLOW);
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      body: { items: [{ title: 'Northwind', defaultCurrency: 'USD', redirectTemplate: null }] },
    });
  }, 120_000);
});
