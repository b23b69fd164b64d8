import { describe, expect, it } from 'vitest';
import { rangeBounds } from './SecondsRangeFilter';

describe('rangeBounds', () => {
  it('sends whole days of the user zone as seconds', () => {
    const { from, to } = rangeBounds('2026-04-01', '2026-04-02', 'Europe/Moscow');
    expect(new Date(Number(from) * 1000).toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(new Date(Number(to) * 1000).toISOString()).toBe('2026-04-02T20:59:59.000Z');
  });
  it('reads the same calendar days in UTC', () => {
    const { from, to } = rangeBounds('2026-04-01', '2026-04-01', 'UTC');
    expect(new Date(Number(from) * 1000).toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(new Date(Number(to) * 1000).toISOString()).toBe('2026-04-01T23:59:59.000Z');
  });
});
