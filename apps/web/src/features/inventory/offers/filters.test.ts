/** The offer lists: the status tab and the URL filters become the server's list, counts and affiliate queries. */
import { describe, expect, it } from 'vitest';
import { BULK_INITIAL, bulkBody } from './BulkEditModal';
import { affiliateOfferQuery, geoList, idList, offerCountsQuery, offerListQuery, tabOf } from './filters';

describe('staff list', () => {
  it('reads the status tab from the path; anything else is every offer', () => {
    expect(tabOf('/offers/active')).toBe('active');
    expect(tabOf('/offers/inactive')).toBe('inactive');
    expect(tabOf('/offers/draft')).toBe('draft');
    expect(tabOf('/offers/all')).toBe('all');
    expect(tabOf('/offers')).toBe('all');
    expect(tabOf('/offers/12')).toBe('all');
  });

  it('maps every filter of the issue to the list query and drops malformed values', () => {
    const table = {
      search: '  loans ',
      verticalId: '3,x,4',
      advertiserId: '7',
      tagIds: '1,0,2',
      categoryIds: '5',
      geos: 'de,AT,xyz,',
      isHot: '1',
      accessType: '3',
      managerId: '9,-1',
      limit: 25,
      offset: 50,
    };
    expect(offerListQuery('draft', table)).toEqual({
      search: 'loans',
      verticalId: '3,4',
      advertiserId: '7',
      tagIds: '1,2',
      categoryIds: '5',
      geos: 'DE,AT',
      isHot: '1',
      accessType: '3',
      managerId: '9',
      limit: 25,
      offset: 50,
      status: 'draft',
    });
  });

  it('sends no status for all, no orderBy by default (hot first on the server) and nothing for unknown flag values', () => {
    const q = offerListQuery('all', { isHot: 'yes', accessType: '2', limit: 25, offset: 0 });
    expect(q.status).toBeUndefined();
    expect(q.orderBy).toBeUndefined();
    expect(q.isHot).toBeUndefined();
    expect(q.accessType).toBeUndefined();
    expect(offerListQuery('active', { isHot: '0', orderBy: 'title:asc' })).toMatchObject({
      isHot: '0',
      orderBy: 'title:asc',
      status: 'active',
    });
  });

  it('counts per status under the same filters, without paging, order or status', () => {
    const list = offerListQuery('active', { verticalId: '3', geos: 'DE', orderBy: 'id:desc', limit: 25, offset: 25 });
    const counts = offerCountsQuery(list);
    expect(counts).toMatchObject({ verticalId: '3', geos: 'DE' });
    expect(counts).not.toHaveProperty('status');
    expect(counts).not.toHaveProperty('limit');
    expect(counts).not.toHaveProperty('offset');
    expect(counts).not.toHaveProperty('orderBy');
  });

  it('keeps positive ids and two-letter country codes', () => {
    expect(idList('3,x,0,-2,7,2.5')).toEqual([3, 7]);
    expect(idList(undefined)).toEqual([]);
    expect(geoList('de, fr ,USA,1')).toEqual(['DE', 'FR']);
  });
});

describe('affiliate list', () => {
  it('sends own=1 only on the Mine tab and counts without own or paging', () => {
    const { list, counts } = affiliateOfferQuery({
      own: '1',
      search: 'x',
      verticalId: '2',
      categoryIds: '4,5',
      geos: 'pl',
      limit: 24,
      offset: 24,
    });
    expect(list).toEqual({
      search: 'x',
      verticalId: '2',
      categoryIds: '4,5',
      geos: 'PL',
      own: '1',
      orderBy: undefined,
      limit: 24,
      offset: 24,
    });
    expect(counts).toEqual({ search: 'x', verticalId: '2', categoryIds: '4,5', geos: 'PL' });
    expect(affiliateOfferQuery({ own: 'true' }).list.own).toBeUndefined();
  });
});

describe('bulk edit', () => {
  it('sends only the parts that change, lists with their mode', () => {
    expect(bulkBody([1, 2], BULK_INITIAL)).toBeNull();
    expect(bulkBody([1, 2], { ...BULK_INITIAL, status: 'inactive', isHot: 'on', accessType: '3', geosMode: 'add', geos: ['DE'] })).toEqual({
      ids: [1, 2],
      status: 'inactive',
      isHot: true,
      accessType: 3,
      geos: ['DE'],
      geosMode: 'add',
    });
    expect(bulkBody([4], { ...BULK_INITIAL, tagsMode: 'replace', tagIds: [] })).toEqual({ ids: [4], tagIds: [], tagsMode: 'replace' });
  });
});
