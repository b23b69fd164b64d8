/** The statistics view rules: presets in the user's zone, the previous period, the URL view, parent values, chart slots. */
import { describe, expect, it } from 'vitest';
import { change, chartDimension, parentParam, presetRange, previousRange, rangeSeconds, readView, timeSlots } from './model';

// 2026-11-26 20:00 UTC is already 2026-11-27 in Kathmandu (+05:45)
const NOW = new Date('2026-11-26T20:00:00Z');

describe('statistics model', () => {
  it('counts the presets of product §9 in the user zone', () => {
    expect(presetRange('today', 'UTC', NOW)).toEqual({ dateFrom: '2026-11-26', dateTo: '2026-11-26' });
    expect(presetRange('today', 'Asia/Kathmandu', NOW)).toEqual({ dateFrom: '2026-11-27', dateTo: '2026-11-27' });
    expect(presetRange('last7Days', 'UTC', NOW)).toEqual({ dateFrom: '2026-11-20', dateTo: '2026-11-26' });
    expect(presetRange('last30Days', 'UTC', NOW)).toEqual({ dateFrom: '2026-10-28', dateTo: '2026-11-26' });
    expect(presetRange('last3Months', 'UTC', NOW)).toEqual({ dateFrom: '2026-08-26', dateTo: '2026-11-26' });
    expect(presetRange('monthStart', 'America/St_Johns', NOW)).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-26' });
  });

  it('takes the period of the same length just before', () => {
    expect(previousRange({ dateFrom: '2026-11-12', dateTo: '2026-11-26' })).toEqual({ dateFrom: '2026-10-28', dateTo: '2026-11-11' });
    expect(previousRange({ dateFrom: '2026-03-01', dateTo: '2026-03-01' })).toEqual({ dateFrom: '2026-02-28', dateTo: '2026-02-28' });
    expect(change(300, 150)).toBe(100);
    expect(change('5.00', '10.00')).toBe(-50);
    expect(change(3, 0)).toBeNull();
    expect(change(3, undefined)).toBeNull();
  });

  it('reads the view from the URL, dropping what is invalid or not the reader’s', () => {
    const p = new URLSearchParams(
      'groupBy=offer,advertiser,day,sub1&dateFrom=2026-11-30&dateTo=2026-11-01&dataType=click&offerId=3&compare=1&chart=clicks,leads&bogus=1',
    );
    const staff = readView(p, 'UTC', { reader: 'staff', now: NOW });
    expect(staff.groupBy).toEqual(['offer', 'advertiser', 'day']);
    // a reversed range falls back to the current month
    expect(staff.range).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-26' });
    expect(staff).toMatchObject({ dataType: 'click', filters: { offerId: '3' }, compare: true, chart: ['clicks', 'leads'] });
    expect(readView(p, 'UTC', { reader: 'affiliate', now: NOW }).groupBy).toEqual(['offer', 'day', 'sub1']);
    expect(readView(new URLSearchParams(''), 'UTC', { reader: 'staff', now: NOW })).toMatchObject({
      groupBy: ['day'],
      dataType: 'actual',
      compare: false,
    });
  });

  it('spells drill-down values as the server reads them', () => {
    expect(parentParam('day', { day: '2026-11-26' })).toBe('day:2026-11-26');
    expect(parentParam('offer', { offer: { id: 3, title: 'X' } })).toBe('offer:3');
    expect(parentParam('sub1', { sub1: 'a,b' })).toBe('sub1:a,b');
    expect(parentParam('lander', { lander: null })).toBe('lander:none');
  });

  it('bounds periods in the zone and lays out the chart slots', () => {
    expect(rangeSeconds({ dateFrom: '2026-11-26', dateTo: '2026-11-26' }, 'Asia/Kathmandu')).toEqual({
      from: Date.parse('2026-11-25T18:15:00Z') / 1000,
      to: Date.parse('2026-11-26T18:15:00Z') / 1000,
    });
    expect(chartDimension({ dateFrom: '2026-11-26', dateTo: '2026-11-26' })).toBe('hour');
    expect(timeSlots({ dateFrom: '2026-11-26', dateTo: '2026-11-26' }, 'hour')).toHaveLength(24);
    expect(timeSlots({ dateFrom: '2026-10-30', dateTo: '2026-11-02' }, 'day')).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(timeSlots({ dateFrom: '2026-11-20', dateTo: '2026-12-01' }, 'week')).toEqual(['2026-W47', '2026-W48', '2026-W49']);
  });
});
