/** Pickers: server search for tags of one type, titles of chosen ids, inactive values marked. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { json, mockApi } from '../../test/api';
import { CategoryPicker, TagPicker } from './lists';

vi.mock('../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

let urls: string[];

beforeEach(() => {
  urls = [];
  mockApi(({ url }) => {
    urls.push(url);
    if (url.startsWith('/api/v1/tags/by-type/offer?ids='))
      return { data: { items: [{ id: 9, title: 'Retired', type: 'offer', status: 'inactive' }] } };
    if (url.startsWith('/api/v1/tags/by-type/offer')) {
      const search = new URL(url, 'http://x').searchParams.get('search') ?? '';
      const all = [
        { id: 1, title: 'Hot', type: 'offer', status: 'active' },
        { id: 2, title: 'Exclusive', type: 'offer', status: 'active' },
      ];
      return { data: { items: all.filter((t) => t.title.toLowerCase().includes(search.toLowerCase())) } };
    }
    if (url.startsWith('/api/v1/categories/active?ids=')) return { data: { items: [{ id: 4, title: 'Gambling', status: 'inactive' }] } };
    if (url.startsWith('/api/v1/categories/active')) return { data: { items: [{ id: 1, title: 'Nutra', status: 'active' }] } };
    return json({}, 404);
  });
});

function renderInForm(children: ReactNode, initialValues: Record<string, unknown>) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Form initialValues={initialValues}>{children}</Form>
    </QueryClientProvider>,
  );
}

describe('TagPicker', () => {
  it('shows the titles of chosen tags, marking an inactive one', async () => {
    renderInForm(
      <Form.Item name="tags" label="Tags">
        <TagPicker type="offer" />
      </Form.Item>,
      { tags: [1, 9] },
    );
    expect(await screen.findByText('Hot')).toBeTruthy();
    expect(await screen.findByText('Retired (Inactive)')).toBeTruthy();
    expect(urls).toContain('/api/v1/tags/by-type/offer?limit=50');
    expect(urls).toContain('/api/v1/tags/by-type/offer?ids=9');
  });

  it('searches on the server as the user types', async () => {
    renderInForm(
      <Form.Item name="tags" label="Tags">
        <TagPicker type="offer" />
      </Form.Item>,
      {},
    );
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'exc' } });
    await waitFor(() => expect(urls).toContain('/api/v1/tags/by-type/offer?search=exc&limit=50'), { timeout: 3000 });
    expect(await screen.findByText('Exclusive')).toBeTruthy();
  });
});

describe('CategoryPicker', () => {
  it('loads the active categories and the chosen inactive one', async () => {
    renderInForm(
      <Form.Item name="categories" label="Categories">
        <CategoryPicker />
      </Form.Item>,
      { categories: [1, 4] },
    );
    expect(await screen.findByText('Nutra')).toBeTruthy();
    expect(await screen.findByText('Gambling (Inactive)')).toBeTruthy();
    expect(urls).toEqual(expect.arrayContaining(['/api/v1/categories/active', '/api/v1/categories/active?ids=4']));
  });
});
