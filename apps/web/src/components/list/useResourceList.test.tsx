import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import type { Query } from '../../api/client';
import type { DataColumn, ListData } from '../table/DataTable';
import { ResourceListPage } from './ResourceListPage';
import { clientList, useResourceList, type ResourceList } from './useResourceList';

interface Row {
  id: number;
  title: string;
}

const columns: DataColumn<Row>[] = [
  { key: 'id', title: 'ID', sortable: true },
  { key: 'title', title: 'Title' },
];
const asked: Query[] = [];
let current: ResourceList<Row> | undefined;

/** 60 rows served 25 a page, as the server would: the query decides the page */
function useRows(query: Query) {
  return useQuery({
    queryKey: ['rows', query],
    queryFn: (): ListData<Row> => {
      asked.push(query);
      const offset = Number(query.offset ?? 0);
      const limit = Number(query.limit);
      return {
        items: Array.from({ length: Math.min(limit, 60 - offset) }, (_, i) => ({ id: offset + i + 1, title: `Row ${offset + i + 1}` })),
        meta: { totalCount: 60 },
      };
    },
  });
}

function Screen() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const resource = useResourceList<Row>({
    defaultOrderBy: 'id:desc',
    filters: ['search', 'kind'],
    scope: { status: pathname.endsWith('/inactive') ? 'inactive' : undefined },
    useList: useRows,
  });
  current = resource;
  return (
    <ResourceListPage<Row>
      title="Rows"
      actions={<button onClick={() => navigate('/rows/inactive')}>inactive</button>}
      resource={resource}
      name="kit-rows"
      columns={columns}
      selectable
      bulk={(ids) => <div data-testid="bulk">{ids.join(',')}</div>}
      toolbar={<button onClick={() => resource.table.setFilters({ kind: ['a', 'b'] })}>filter</button>}
    >
      <div data-testid="search">{search}</div>
    </ResourceListPage>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/rows/*', element: <Screen /> }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('useResourceList', () => {
  it('reads the page, size, sort and filters from the URL and asks the list with the scope added', async () => {
    asked.length = 0;
    renderAt('/rows/inactive?orderBy=title:asc&limit=10&offset=20&search=ab&kind=x');
    await screen.findByText('Row 21');
    expect(asked).toEqual([{ search: 'ab', kind: 'x', orderBy: 'title:asc', limit: 10, offset: 20, status: 'inactive' }]);
    expect(current?.filtered).toBe(true);
    expect(current?.table.page).toBe(3);
  });

  it('writes a filter back to the URL, from the first page, and reads it again', async () => {
    renderAt('/rows?offset=25');
    await screen.findByText('Row 26');
    fireEvent.click(screen.getByText('filter'));
    expect(screen.getByTestId('search').textContent).toBe('?kind=a%2Cb');
    expect(current?.table.filters).toEqual({ search: undefined, kind: 'a,b' });
    expect(current?.query).toEqual({ search: undefined, kind: 'a,b', orderBy: 'id:desc', limit: 25, offset: 0, status: undefined });
  });

  it('keeps the selection across pages and shows the bulk bar while rows are selected', async () => {
    renderAt('/rows');
    await screen.findByText('Row 1');
    expect(screen.queryByTestId('bulk')).toBeNull();
    act(() => current!.setSelected([1, 2]));
    expect(screen.getByTestId('bulk').textContent).toBe('1,2');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Row 26');
    expect(current?.selected).toEqual([1, 2]);
    expect(current?.selectedRows.map((r) => r.title)).toEqual(['Row 1', 'Row 2']);
    expect(current?.titleOf(26, (r) => r.title)).toBe('Row 26');
    expect(current?.titleOf(1, (r) => r.title)).toBe('#1');
  });

  it('clears the selection when the page changes to another list (route or scope)', async () => {
    const router = renderAt('/rows');
    await screen.findByText('Row 1');
    act(() => current!.setSelected([3]));
    expect(current?.rowSelection().selectedRowKeys).toEqual([3]);
    fireEvent.click(screen.getByText('inactive'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rows/inactive'));
    expect(current?.selected).toEqual([]);
    expect(screen.queryByTestId('bulk')).toBeNull();
    await act(() => router.navigate('/rows'));
    expect(current?.selected).toEqual([]);
  });
});

describe('clientList', () => {
  const rules = [
    { event: 'a', status: 'active' },
    { event: 'b', status: 'inactive' },
    { event: 'c', status: 'active' },
  ];

  it('keeps the rows whose field is one of the filter values, counted, and every row without a filter', () => {
    expect(clientList(rules, { status: 'inactive', limit: 25 }, ['status'])).toEqual({ items: [rules[1]], meta: { totalCount: 1 } });
    expect(clientList(rules, { status: 'active,inactive' }, ['status']).meta).toEqual({ totalCount: 3 });
    expect(clientList(rules, { status: '' }, ['status']).items).toEqual(rules);
    expect(clientList(rules, { status: 'active', event: 'b' }, ['status']).items.map((r) => r.event)).toEqual(['a', 'c']);
  });
});
