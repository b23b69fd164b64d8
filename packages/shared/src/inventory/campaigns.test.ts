import { describe, expect, it } from 'vitest';
import {
  CLICK_MACROS_CATALOGUE,
  campaignCreate,
  campaignListQuery,
  campaignStatusItem,
  targetUrlSettingsSchema,
  unknownClickMacro,
} from './campaigns';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('target URL settings', () => {
  it('defaults to lander rotation passing the subs', () => {
    expect(targetUrlSettingsSchema.parse({})).toEqual({ mode: 'landers', url: null, passSubs: true, passQuery: false, params: [] });
  });

  it('needs an http(s) URL with click macros only in url mode', () => {
    expect(issues(targetUrlSettingsSchema.safeParse({ mode: 'url' }))).toEqual([['url', 'required']]);
    expect(issues(targetUrlSettingsSchema.safeParse({ mode: 'url', url: 'ftp://x.test' }))).toEqual([['url', 'url']]);
    expect(issues(targetUrlSettingsSchema.safeParse({ mode: 'url', url: 'https://x.test/?p={payout}' }))).toEqual([['url', 'pattern']]);
    expect(targetUrlSettingsSchema.parse({ mode: 'url', url: ' https://x.test/?c={click_id}&s={sub3} ' }).url).toBe(
      'https://x.test/?c={click_id}&s={sub3}',
    );
  });

  it('drops a URL kept by a form that went back to landers', () => {
    expect(targetUrlSettingsSchema.parse({ mode: 'landers', url: 'https://x.test' }).url).toBeNull();
  });

  it('checks extra parameters: names, unique, macros', () => {
    const r = targetUrlSettingsSchema.safeParse({
      params: [
        { name: 'src', value: '{sub1}' },
        { name: 'src', value: 'x' },
        { name: 'bad name', value: 'x' },
        { name: 'rev', value: '{revenue}' },
      ],
    });
    expect(issues(r)).toEqual(
      expect.arrayContaining([
        ['params.1.name', 'unique'],
        ['params.2.name', 'pattern'],
        ['params.3.value', 'pattern'],
      ]),
    );
  });

  it('names the first macro unknown at click time', () => {
    expect(unknownClickMacro('https://x.test/?a={click_id}&b={lead_id}&c={nope}')).toBe('lead_id');
    expect(unknownClickMacro('https://x.test/?a={sub9}')).toBeNull();
    expect(CLICK_MACROS_CATALOGUE.map((m) => m.name)).toContain('campaign_id');
    expect(CLICK_MACROS_CATALOGUE.map((m) => m.name)).not.toContain('revenue');
  });
});

describe('campaign writes', () => {
  it('creates with defaults and upper-cased unique countries', () => {
    expect(campaignCreate.parse({ title: ' Link ', offerId: 3, countries: ['de', 'FR'] })).toMatchObject({
      title: 'Link',
      offerId: 3,
      countries: ['DE', 'FR'],
      domainId: null,
      landerIds: [],
      postbackIds: [],
      trafficSourceId: null,
      status: 'active',
      targetUrlSettings: { mode: 'landers' },
    });
    expect(issues(campaignCreate.safeParse({ title: 'x', offerId: 3, countries: ['DE', 'de', 'XX'], landerIds: [1, 1] })).sort()).toEqual([
      ['countries.1', 'unique'],
      ['countries.2', 'pattern'],
      ['landerIds.1', 'unique'],
    ]);
  });

  it('needs a reason to block', () => {
    expect(issues(campaignStatusItem.safeParse({ id: 1, status: 'blocked' }))).toEqual([['reason', 'required']]);
    expect(campaignStatusItem.safeParse({ id: 1, status: 'blocked', reason: 'Fraud' }).success).toBe(true);
  });

  it('reads list filters', () => {
    expect(campaignListQuery.parse({ countries: 'de,fr', offerId: '1,2' })).toMatchObject({ countries: ['DE', 'FR'], offerId: [1, 2] });
    expect(campaignListQuery.safeParse({ countries: 'zz' }).success).toBe(false);
  });
});
