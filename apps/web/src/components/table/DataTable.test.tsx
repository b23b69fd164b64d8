import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import { DataTable, type DataColumn, type ListData } from './DataTable';
import { readTableSettings } from './tableSettings';
import { useTable, type TableState } from './useTable';

interface Row {
  id: number;
  title: string;
  status: string;
}

const columns: DataColumn<Row>[] = [
  { key: 'id', title: 'ID', sortable: true, alwaysVisible: true },
  { key: 'title', title: 'Title', sortable: true },
  { key: 'status', title: 'Status' },
];
const rows = (n: number): ListData<Row> => ({
  items: Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `Row ${i + 1}`, status: 'active' })),
  meta: { totalCount: 60 },
});

let lastQuery: TableState['query'] | undefined;

function Screen({ data, error }: { data?: ListData<Row>; error?: unknown }) {
  const table = useTable({ defaultOrderBy: 'id:desc' });
  lastQuery = table.query;
  const location = useLocation();
  return (
    <>
      <div data-testid="search">{location.search}</div>
      <DataTable<Row> name="test-rows" columns={columns} table={table} data={data} error={error} onRetry={() => undefined} />
    </>
  );
}

function renderTable(path: string, props: { data?: ListData<Row>; error?: unknown }) {
  const router = createMemoryRouter([{ path: '/rows', element: <Screen {...props} /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('DataTable with useTable', () => {
  it('reads orderBy, limit and offset from the URL into the list query', () => {
    renderTable('/rows?orderBy=title:asc&limit=10&offset=20', { data: rows(10) });
    expect(lastQuery).toEqual({ orderBy: 'title:asc', limit: 10, offset: 20 });
  });

  it('writes sorting and paging back to the URL, without the defaults', () => {
    renderTable('/rows', { data: rows(25) });
    expect(lastQuery).toEqual({ orderBy: 'id:desc', limit: 25, offset: 0 });
    fireEvent.click(screen.getAllByRole('columnheader').find((h) => h.textContent === 'Title')!);
    expect(screen.getByTestId('search').textContent).toBe('?orderBy=title%3Adesc');
    fireEvent.click(screen.getByTitle('2'));
    expect(screen.getByTestId('search').textContent).toBe('?orderBy=title%3Adesc&offset=25');
    expect(lastQuery).toEqual({ orderBy: 'title:desc', limit: 25, offset: 25 });
  });

  it('hides a column from the column settings and keeps the choice in local storage', async () => {
    renderTable('/rows', { data: rows(3) });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'Title', 'Status']);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const panel = await screen.findByTestId('column-settings');
    fireEvent.click(within(panel).getByLabelText('Status'));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'Title']);
    expect(readTableSettings('test-rows')).toEqual({ hidden: ['status'] });
  });

  it('shows the empty state and the error state', () => {
    const { unmount } = renderTable('/rows', { data: { items: [] } });
    expect(screen.getByText('Nothing here yet')).toBeTruthy();
    unmount();
    renderTable('/rows', { data: undefined, error: new Error('boom') });
    expect(screen.getByText('The list could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});
