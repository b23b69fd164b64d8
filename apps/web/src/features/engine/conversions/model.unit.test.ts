import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { conversionFiltersQuery, eligibleFor, filterValues, outcomeText } from './model';

const t = ((key: string, opts?: Record<string, unknown>) => `${key}${opts ? JSON.stringify(opts) : ''}`) as unknown as TFunction;

describe('conversion filters', () => {
  it('keeps clean values only', () => {
    expect(filterValues('status', 'approved,done,hold')).toEqual(['approved', 'hold']);
    expect(filterValues('offerId', '3,x,-1,4')).toEqual([3, 4]);
    expect(filterValues('mark', 'none,late_conversion,other')).toEqual(['none', 'late_conversion']);
    expect(filterValues('isHidden', '2')).toEqual([]);
    expect(filterValues('country', 'de,xyz')).toEqual(['DE']);
  });

  it('orders the day range, adds the zone and drops staff-only filters for affiliates', () => {
    expect(
      conversionFiltersQuery(
        { dateFrom: '2026-11-07', dateTo: '2026-11-01', advertiserId: '5', isHidden: '0', goalId: '2' },
        'Europe/Berlin',
        false,
      ),
    ).toEqual({
      goalId: '2',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-07',
      timezone: 'Europe/Berlin',
    });
    expect(conversionFiltersQuery({ advertiserId: '5', isHidden: '0', dateFrom: 'bad' }, 'UTC', true)).toEqual({
      advertiserId: '5',
      isHidden: '0',
    });
  });
});

describe('status actions', () => {
  const rows = [1, 2, 3, 4].map((status, i) => ({ id: i + 1, status }));
  it('offers the transitions the server allows', () => {
    expect(eligibleFor('approve', rows).map((r) => r.id)).toEqual([1, 2, 4]);
    expect(eligibleFor('reject', rows).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(eligibleFor('hold', rows).map((r) => r.id)).toEqual([1, 4]);
  });

  it('words the outcome with the ids and queued postbacks', () => {
    expect(outcomeText({ outcome: 'all', applied: [1, 2], failed: [], postbacks: 0 }, t)).toEqual({
      type: 'success',
      title: 'outcome.all{"ids":"#1, #2"}',
      lines: [],
    });
    const partial = outcomeText({ outcome: 'partial', applied: [1], failed: [{ id: 2, reason: 'no' }], postbacks: 3 }, t);
    expect(partial.type).toBe('warning');
    expect(partial.lines).toHaveLength(3);
    expect(partial.lines[2]).toBe('outcome.postbacks{"count":3}');
  });
});
