import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { DayRangePicker, withEnd, type OpenDayRange } from './DayRangePicker';
import { presetRange } from './presets';

function Harness({ start, allowEmpty, spy }: { start: OpenDayRange; allowEmpty?: boolean; spy: (r: OpenDayRange) => void }) {
  const [value, setValue] = useState(start);
  return (
    <DayRangePicker
      value={value}
      tz="Europe/Moscow"
      allowEmpty={allowEmpty}
      label="Created"
      testId="range"
      onChange={(r) => {
        spy(r);
        setValue(r);
      }}
    />
  );
}

describe('withEnd', () => {
  it('moves the other end when one passes it', () => {
    expect(withEnd({ dateFrom: '2026-11-01', dateTo: '2026-11-10' }, 'dateFrom', '2026-11-20')).toEqual({
      dateFrom: '2026-11-20',
      dateTo: '2026-11-20',
    });
    expect(withEnd({ dateFrom: '2026-11-10', dateTo: '2026-11-20' }, 'dateTo', '2026-11-01')).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-01',
    });
    expect(withEnd({ dateFrom: '2026-11-10' }, 'dateTo', '2026-11-12')).toEqual({ dateFrom: '2026-11-10', dateTo: '2026-11-12' });
    expect(withEnd({ dateFrom: '2026-11-10', dateTo: '2026-11-12' }, 'dateFrom', '')).toEqual({
      dateFrom: undefined,
      dateTo: '2026-11-12',
    });
  });
});

describe('DayRangePicker', () => {
  it('shows the period in the date format, applies a preset of the user zone', async () => {
    const spy = vi.fn();
    render(<Harness start={{ dateFrom: '2026-11-01', dateTo: '2026-11-27' }} spy={spy} />);
    expect(screen.getByTestId('range').textContent).toContain('2026.11.01 – 2026.11.27');
    fireEvent.click(screen.getByTestId('range'));
    fireEvent.click(await screen.findByText('Last 7 days'));
    expect(spy).toHaveBeenCalledWith(presetRange('last7Days', 'Europe/Moscow'));
  });

  it('takes each end from its date field, keeps from before to, and never leaves statistics without an end', async () => {
    const spy = vi.fn();
    render(<Harness start={{ dateFrom: '2026-11-01', dateTo: '2026-11-27' }} spy={spy} />);
    fireEvent.click(screen.getByTestId('range'));
    const from = await screen.findByTestId('range-from');
    fireEvent.change(from, { target: { value: '2026-11-30' } });
    expect(spy).toHaveBeenLastCalledWith({ dateFrom: '2026-11-30', dateTo: '2026-11-30' });
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: '' } });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('range-clear')).toBeNull();
  });

  it('lets a list leave an end open and clear the period', async () => {
    const spy = vi.fn();
    render(<Harness start={{}} allowEmpty spy={spy} />);
    expect(screen.getByTestId('range').textContent).toContain('Created');
    fireEvent.click(screen.getByTestId('range'));
    fireEvent.change(await screen.findByTestId('range-from'), { target: { value: '2026-11-05' } });
    expect(spy).toHaveBeenLastCalledWith({ dateFrom: '2026-11-05', dateTo: undefined });
    await waitFor(() => expect(screen.getByTestId('range').textContent).toContain('2026.11.05 – …'));
    fireEvent.click(screen.getByTestId('range-clear'));
    expect(spy).toHaveBeenLastCalledWith({});
  });
});
