/** The status mapping editor: rows are added and removed; a server error on a row's field is shown on that row. */
import type { Integration } from '@leadgrid/shared/sell-side/integrations';
import type { Vertical } from '@leadgrid/shared/sell-side/verticals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import '../../../i18n';
import { SessionContext, type SessionValue } from '../../../app/session';
import { StatusMappingSection } from './StatusMappingSection';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const mutateAsync = vi.fn();
const VERTICAL = {
  id: 3,
  title: 'Finance',
  leadGrades: [{ key: 'a', title: 'Grade A' }],
  goals: [],
  incomingParameters: [],
} as unknown as Vertical;
vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api')>()),
  useVertical: () => ({ data: VERTICAL, error: null, isLoading: false }),
  useEditSection: () => ({ mutateAsync, isPending: false }),
}));

const session = { timezone: 'UTC', access: { permissions: ['advertiser.update'], roleType: 'admin' } } as unknown as SessionValue;
const INTEGRATION = {
  id: 7,
  vertical: { id: 3, title: 'Finance' },
  apiParameters: [],
  outApi: {},
  postback: {},
  apiSync: {},
  redirect: {},
  goals: [],
  leadStatusMappings: [
    { advertiserStatus: 'new', leadStatus: 'new', conversionStatus: 1, leadGrade: null },
    { advertiserStatus: 'deposited', leadStatus: 'sent', conversionStatus: 3, leadGrade: 'a' },
  ],
} as unknown as Integration;

function renderEditor() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SessionContext.Provider value={session}>
          <AntApp>
            <StatusMappingSection owner="integration" record={INTEGRATION} />
          </AntApp>
        </SessionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const rows = () => screen.queryAllByTestId(/^mapping-row-\d+$/);
const statusInputs = () => screen.getAllByTestId('mapping-advertiser-status') as HTMLInputElement[];

afterEach(() => vi.clearAllMocks());

describe('StatusMappingSection', () => {
  it('shows the stored rows, adds one and removes one', async () => {
    renderEditor();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(statusInputs().map((i) => i.value)).toEqual(['new', 'deposited']);

    fireEvent.click(screen.getByTestId('mapping-add'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(statusInputs()[2].value).toBe('');
    expect(screen.getByTestId('section-dirty')).toBeTruthy();

    fireEvent.click(within(rows()[0]).getByTestId('mapping-remove'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(statusInputs().map((i) => i.value)).toEqual(['deposited', '']);
  });

  it('checks duplicates in the browser, ignoring case, on the later row', async () => {
    renderEditor();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(statusInputs()[1], { target: { value: 'NEW' } });
    fireEvent.click(screen.getByTestId('section-save'));
    expect(await within(rows()[1]).findByText('This value is already in use')).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('sends the rows and puts each server error on its row and field', async () => {
    mutateAsync.mockRejectedValueOnce(
      new ApiError(400, 'Validation failed', [
        { msg: 'required', type: 'leadGrade', loc: ['body', 'data', 0, 'leadGrade'] },
        { msg: 'unique', type: 'unique', loc: ['body', 'data', 1, 'advertiserStatus'] },
        { msg: 'Too many mappings', type: 'too_big', loc: ['body', 'data'] },
      ]),
    );
    renderEditor();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('section-save'));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(mutateAsync.mock.calls[0][0]).toEqual({
      section: 'lead_status_mappings',
      data: [
        { advertiserStatus: 'new', leadStatus: 'new', conversionStatus: 1, leadGrade: null },
        { advertiserStatus: 'deposited', leadStatus: 'sent', conversionStatus: 3, leadGrade: 'a' },
      ],
    });
    expect(await within(rows()[1]).findByText('This value is already in use')).toBeTruthy();
    expect(within(rows()[0]).getByText('This field is required')).toBeTruthy();
    expect(within(rows()[0]).queryByText('This value is already in use')).toBeNull();
    // what names no field is shown above the form
    expect(within(screen.getByTestId('section-problems')).getByText('Too many mappings')).toBeTruthy();
  });
});
