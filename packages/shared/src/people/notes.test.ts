import { describe, expect, it } from 'vitest';
import { noteCreate, targetSlug, zTargetSlug } from './notes';
import { csvIds, tagCreate, tagLookupQuery } from '../settings/tags';

describe('note target slugs', () => {
  it('accepts <entity>:<id>', () => {
    for (const slug of ['affiliate:12', 'offer:1', 'advertiser_member:2147483647', targetSlug('team', 3)])
      expect(zTargetSlug().safeParse(slug).success, slug).toBe(true);
  });

  it('refuses anything else', () => {
    for (const slug of [
      'affiliate',
      'affiliate:',
      ':12',
      'Affiliate:12',
      'affiliate:0',
      'affiliate:012',
      'affiliate:2147483648',
      'a b:1',
      'affiliate:1:2',
    ]) {
      expect(zTargetSlug().safeParse(slug).success, slug).toBe(false);
    }
  });

  it('keeps content between 1 and 5000 characters, trimmed', () => {
    expect(noteCreate.parse({ targetSlug: 'lead:5', content: '  hi  ' })).toEqual({ targetSlug: 'lead:5', title: '', content: 'hi' });
    expect(noteCreate.safeParse({ targetSlug: 'lead:5', content: '   ' }).error?.issues[0].message).toBe('required');
    expect(noteCreate.safeParse({ targetSlug: 'lead:5', content: 'x'.repeat(5001) }).error?.issues[0].message).toBe('minMaxLength');
  });
});

describe('tag schemas', () => {
  it('needs a title and a known entity type', () => {
    expect(tagCreate.parse({ title: ' Hot ', type: 'offer' })).toEqual({ title: 'Hot', type: 'offer', status: 'active' });
    expect(tagCreate.safeParse({ title: 'Hot', type: 'planet' }).error?.issues[0]).toMatchObject({ path: ['type'], message: 'required' });
  });

  it('reads ids and the look-up limit from the query string', () => {
    expect(csvIds().parse('3, 5,7')).toEqual([3, 5, 7]);
    expect(csvIds().safeParse('3,x').success).toBe(false);
    expect(csvIds().safeParse('0').success).toBe(false);
    expect(tagLookupQuery.parse({})).toEqual({ limit: 50 });
    expect(tagLookupQuery.safeParse({ limit: '1001' }).error?.issues[0].message).toBe('noMore');
  });
});
