/** The sieve editor: the keys of each owner, schedule window rules, and the server's errors on their field. */
import { SIEVE_KEYS_BY_OWNER, type Sieve } from '@leadgrid/shared/inventory/sieves';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { ApiError } from '../../api/client';
import { mockApi } from '../../test/api';
import { formatDays, sieveProblems, sieveServerErrors } from './model';
import { SieveEditor } from './SieveEditor';
import { SieveSummary } from './SieveSummary';

vi.mock('../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

beforeEach(() => {
  mockApi(({ url }) => {
    if (url.startsWith('/api/v1/countries'))
      return {
        data: {
          items: [
            { code: 'DE', name: 'Germany' },
            { code: 'AT', name: 'Austria' },
          ],
        },
      };
    if (url.startsWith('/api/v1/timezones'))
      return { data: { items: [{ name: 'Europe/Berlin', offset: '+01:00', title: 'Europe/Berlin (+01:00)' }] } };
    return { data: { items: [], meta: { totalCount: 0 } } };
  });
});

const base: Sieve = {
  countries: [],
  languages: [],
  trafficSourceIds: [],
  landerIds: [],
  affiliateIds: [],
  teamIds: [],
  advertiserIds: [],
  schedule: null,
};

function wrap(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function Controlled({
  initial,
  onValue,
  ...props
}: { initial: Sieve; onValue?: (s: Sieve) => void } & Omit<React.ComponentProps<typeof SieveEditor>, 'value' | 'onChange'>) {
  const [value, setValue] = useState(initial);
  return (
    <SieveEditor
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const fieldKeys = () => screen.getAllByTestId(/^sieve-field-/).map((el) => el.dataset.testid!.replace('sieve-field-', ''));

describe('SieveEditor keys per owner', () => {
  it.each(['caps', 'advertisers', 'creatives', 'paymentRules', 'landings'] as const)('edits exactly the keys of %s', (owner) => {
    wrap(<SieveEditor owner={owner} value={base} offerId={5} />);
    expect(fieldKeys()).toEqual([...SIEVE_KEYS_BY_OWNER[owner]]);
  });

  it('keeps only the owner keys when checking problems (a bad key of another owner is ignored)', () => {
    const other = { ...base, languages: ['xx'] };
    expect(sieveProblems('caps', other)).toEqual({});
    expect(Object.keys(sieveProblems('advertisers', other))).toEqual(['languages.0']);
  });
});

describe('schedule windows', () => {
  it('reports a window without days and a malformed time by path', () => {
    const sieve = { ...base, schedule: { timezone: 'Europe/Berlin', windows: [{ days: [], from: '9:00', to: '18:00' }] } };
    expect(sieveProblems('affiliates', sieve)).toEqual({
      'schedule.windows.0.days': ['required'],
      'schedule.windows.0.from': ['startTime'],
    });
    expect(sieveProblems('affiliates', { ...base, schedule: { timezone: 'Mars/Base', windows: [] } })).toEqual({
      'schedule.timezone': ['pattern'],
    });
  });

  it('adds a window, toggles weekdays and shows the problem of an empty window on its row', () => {
    const seen: Sieve[] = [];
    wrap(<Controlled owner="advertisers" initial={base} onValue={(s) => seen.push(s)} />);
    fireEvent.click(within(screen.getByTestId('schedule-mode')).getByText('By schedule'));
    const schedule = seen.at(-1)!.schedule!;
    expect(schedule.windows).toEqual([{ days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' }]);
    expect(schedule.timezone).toBeTruthy();
    for (const d of [1, 2, 3, 4, 5]) fireEvent.click(screen.getByTestId(`day-${d}`));
    expect(seen.at(-1)!.schedule!.windows[0].days).toEqual([]);
    expect(within(screen.getByTestId('schedule-window-0')).getByRole('alert').textContent).toBe('Choose at least one weekday');
    fireEvent.click(screen.getByTestId('day-6'));
    expect(seen.at(-1)!.schedule!.windows[0].days).toEqual([6]);
    expect(within(screen.getByTestId('schedule-window-0')).queryByRole('alert')).toBeNull();
  });

  it('says when a window runs past midnight', () => {
    const sieve = { ...base, schedule: { timezone: 'Europe/Berlin', windows: [{ days: [1], from: '22:00', to: '02:00' }] } };
    wrap(<SieveEditor owner="teams" value={sieve} />);
    expect(screen.getByText('Runs past midnight into the next day')).toBeTruthy();
  });

  it('names weekday runs compactly', () => {
    const day = (d: number) => ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][d];
    expect(formatDays([5, 1, 2, 3, 4], day, 'Every day')).toBe('Mon–Fri');
    expect(formatDays([1, 3, 6, 7], day, 'Every day')).toBe('Mon, Wed, Sat, Sun');
    expect(formatDays([1, 2, 3, 4, 5, 6, 7], day, 'Every day')).toBe('Every day');
  });
});

describe('server errors', () => {
  const error = new ApiError(400, 'Validation failed', [
    { loc: ['body', 'items', 1, 'sieve', 'countries', 0], msg: 'pattern', type: 'value_error' },
    { loc: ['body', 'items', 1, 'sieve', 'schedule', 'windows', 0, 'to'], msg: 'endTime', type: 'value_error' },
    { loc: ['body', 'items', 0, 'weight'], msg: 'minMax', type: 'value_error' },
  ]);

  it('finds the errors of one row sieve by its loc prefix', () => {
    expect(sieveServerErrors(error, ['items', 1])).toEqual({ 'countries.0': ['pattern'], 'schedule.windows.0.to': ['endTime'] });
    expect(sieveServerErrors(error, ['items', 0])).toEqual({});
    expect(sieveServerErrors(new Error('x'))).toEqual({});
  });

  it('shows them on their field of the editor', () => {
    const sieve = {
      ...base,
      countries: ['DE'],
      schedule: { timezone: 'Europe/Berlin', windows: [{ days: [1], from: '09:00', to: '18:00' }] },
    };
    wrap(<SieveEditor owner="advertisers" value={sieve} errors={sieveServerErrors(error, ['items', 1])} />);
    expect(within(screen.getByTestId('sieve-field-countries')).getByRole('alert').textContent).toBe('The value has an invalid format');
    expect(within(screen.getByTestId('schedule-window-0')).getByRole('alert').textContent).toBe('Enter the end time as HH:mm');
    expect(within(screen.getByTestId('sieve-field-languages')).queryByRole('alert')).toBeNull();
  });
});

describe('SieveSummary', () => {
  it('shows only restricting keys, codes with +N and the schedule in its zone', () => {
    const sieve = {
      ...base,
      countries: ['DE', 'AT', 'CH', 'FR', 'IT'],
      schedule: { timezone: 'Europe/Berlin', windows: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' }] },
    };
    wrap(<SieveSummary owner="advertisers" sieve={sieve} />);
    expect(screen.getByTestId('sieve-countries').textContent).toBe('DE, AT +3');
    expect(screen.getByTestId('sieve-schedule').textContent).toBe('Mon–Fri 09:00–18:00 Europe/Berlin');
    expect(screen.queryByTestId('sieve-languages')).toBeNull();
  });

  it('says when a sieve matches everything', () => {
    wrap(<SieveSummary owner="caps" sieve={{ ...base, languages: ['de'] }} />);
    expect(screen.getByTestId('sieve-summary-all').textContent).toBe('Matches everything');
  });
});
