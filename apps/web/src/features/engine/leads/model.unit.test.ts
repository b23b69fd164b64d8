/**
 * The /leads URL -> API query mapping (clean values only, days read in the user's zone, no staff-only filter for an
 * affiliate), the range presets of product §9 in a zone, which actions a lead and a selection offer, and the product §8
 * outcome messages of an action.
 */
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { filterValues, leadFiltersQuery, leadListQuery } from './filters';
import { NS } from './i18n';
import { actionsOf, bulkActionsOf, outcomeText, singleVertical } from './model';

const t = i18n.getFixedT('en', NS);

describe('leadFiltersQuery', () => {
  it('keeps clean values, reads the days in the user’s zone and drops the rest', () => {
    const query = leadFiltersQuery(
      {
        status: 'sent,bogus,failed',
        offerId: '3,x,-1,4',
        country: 'de,USA,fr',
        leadGrade: 'a,none',
        search: '  ann@example.com ',
        dateFrom: '2026-11-01',
        dateTo: '2026-11-07',
        affiliateId: '9',
        advertiserId: '5',
        verticalId: '',
      },
      'Europe/Berlin',
      true,
    );
    expect(query).toEqual({
      status: 'sent,failed',
      offerId: '3,4',
      affiliateId: '9',
      advertiserId: '5',
      campaignId: undefined,
      country: 'DE,FR',
      verticalId: undefined,
      leadGrade: 'a,none',
      search: 'ann@example.com',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-07',
      timezone: 'Europe/Berlin',
    });
  });

  it('gives an affiliate no staff-only filter, swaps a reversed range and ignores malformed days', () => {
    const query = leadFiltersQuery(
      { affiliateId: '9', advertiserId: '5', offerId: '2', dateFrom: '2026-11-07', dateTo: '2026-11-01' },
      'UTC',
      false,
    );
    expect(query.affiliateId).toBeUndefined();
    expect(query.advertiserId).toBeUndefined();
    expect(query).toMatchObject({ offerId: '2', dateFrom: '2026-11-01', dateTo: '2026-11-07', timezone: 'UTC' });
    const noDays = leadFiltersQuery({ dateFrom: '07.11.2026', dateTo: 'x' }, 'UTC', true);
    expect(noDays.dateFrom).toBeUndefined();
    expect(noDays.timezone).toBeUndefined();
  });

  it('sends the subs trimmed, and none longer than a sub can be', () => {
    const query = leadFiltersQuery({ sub2: ' fb ', sub3: 'x'.repeat(300), sub9: '' }, 'UTC', false);
    expect(query.sub2).toBe('fb');
    expect(query.sub3).toBeUndefined();
    expect(query.sub9).toBeUndefined();
  });

  it('takes paging and ordering from the table and the filters from the URL', () => {
    const query = leadListQuery({ orderBy: 'id:asc', limit: 25, offset: 50, status: 'bogus' }, { status: 'new' }, 'UTC', true);
    expect(query).toMatchObject({ orderBy: 'id:asc', limit: 25, offset: 50, status: 'new' });
  });

  it('shows ids as numbers and countries upper-cased in the selects', () => {
    expect(filterValues('offerId', '3,4')).toEqual([3, 4]);
    expect(filterValues('country', 'de,xyz')).toEqual(['DE']);
    expect(filterValues('status', 'sent,nope')).toEqual(['sent']);
  });
});

describe('actions', () => {
  const v1 = { id: 1, title: 'Finance' };
  const v2 = { id: 2, title: 'Dating' };
  it('offers resend and trash only from the statuses they apply to', () => {
    expect(actionsOf({ status: 'failed' })).toEqual(['resend', 'trash', 'grade']);
    expect(actionsOf({ status: 'sent' })).toEqual(['trash', 'grade']);
    expect(actionsOf({ status: 'trash' })).toEqual(['resend', 'grade']);
    expect(actionsOf({ status: 'test' })).toEqual(['grade']);
  });
  it('allows a mass grade only within one vertical', () => {
    const same = [
      { id: 1, status: 'sent', vertical: v1 },
      { id: 2, status: 'failed', vertical: v1 },
    ];
    expect(singleVertical(same)).toEqual(v1);
    expect(bulkActionsOf(same)).toEqual([
      { action: 'resend', enabled: true },
      { action: 'trash', enabled: true },
      { action: 'grade', enabled: true },
    ]);
    const mixed = [...same, { id: 3, status: 'sent', vertical: v2 }];
    expect(singleVertical(mixed)).toBeNull();
    expect(bulkActionsOf(mixed).find((a) => a.action === 'grade')?.enabled).toBe(false);
  });
});

describe('outcomeText (product §8)', () => {
  it('says all applied with the ids', () => {
    expect(outcomeText('grade', { outcome: 'all', applied: [1, 2], failed: [] }, t)).toEqual({
      type: 'success',
      title: 'Lead grade changed: #1, #2',
      lines: [],
    });
  });
  it('says some applied and some failed, with the ids and reasons', () => {
    expect(outcomeText('grade', { outcome: 'partial', applied: [1], failed: [{ id: 2, reason: 'Unknown grade' }] }, t)).toEqual({
      type: 'warning',
      title: 'The lead grade was changed for some leads',
      lines: ['Applied: #1', 'Failed: #2 (Unknown grade)'],
    });
  });
  it('says none applied', () => {
    expect(outcomeText('resend', { outcome: 'none', applied: [], failed: [{ id: 3, reason: 'Already sent' }] }, t)).toEqual({
      type: 'error',
      title: 'No lead was resent',
      lines: ['Failed: #3 (Already sent)'],
    });
  });
});
