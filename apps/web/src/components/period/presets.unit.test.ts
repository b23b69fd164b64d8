import { describe, expect, it } from 'vitest';
import { presetRange } from './presets';

describe('presetRange', () => {
  // 2026-11-22 23:30 UTC is already 2026-11-23 in Moscow (UTC+3)
  const now = new Date(Date.UTC(2026, 10, 22, 23, 30));
  const days = (r: { dateFrom: string; dateTo: string }) => [r.dateFrom, r.dateTo];
  it('counts today in the user’s zone', () => {
    expect(days(presetRange('today', 'UTC', now))).toEqual(['2026-11-22', '2026-11-22']);
    expect(days(presetRange('today', 'Europe/Moscow', now))).toEqual(['2026-11-23', '2026-11-23']);
  });
  it('has the ranges of product §9', () => {
    expect(days(presetRange('last7Days', 'UTC', now))).toEqual(['2026-11-16', '2026-11-22']);
    expect(days(presetRange('last30Days', 'UTC', now))).toEqual(['2026-10-24', '2026-11-22']);
    expect(days(presetRange('last3Months', 'UTC', now))).toEqual(['2026-08-22', '2026-11-22']);
    expect(days(presetRange('monthStart', 'Europe/Moscow', now))).toEqual(['2026-11-01', '2026-11-23']);
  });
  it('reads an unknown zone as UTC', () => {
    expect(days(presetRange('today', 'Mars/Base', now))).toEqual(['2026-11-22', '2026-11-22']);
  });
});
