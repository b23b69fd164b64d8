import { describe, expect, it } from 'vitest';
import {
  CREATIVE_TYPE_EXTENSIONS,
  creativeCreate,
  fileExtension,
  LANDER_MACROS,
  landerApiCreate,
  landerCreate,
  landerListQuery,
  landerUpdate,
  unknownLanderMacro,
} from './landers';
import { CREATIVE_FILE_EXTENSIONS, CREATIVE_TYPES } from './sieves';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);

describe('lander macros', () => {
  it('allows the click-time macros and nothing staff-only or later', () => {
    expect(LANDER_MACROS).toEqual(
      expect.arrayContaining(['click_id', 'sub1', 'sub9', 'country', 'offer_id', 'campaign_id', 'affiliate_id']),
    );
    for (const name of ['revenue', 'advertiser_id', 'lead_id', 'payout', 'status']) expect(LANDER_MACROS).not.toContain(name);
    expect(unknownLanderMacro('https://a.test/?c={click_id}&s={sub3}')).toBeNull();
    expect(unknownLanderMacro('https://a.test/?c={click_id}&r={revenue}&x={nope}')).toBe('revenue');
    expect(unknownLanderMacro('https://a.test/?c={}')).toBe('');
  });
});

describe('lander schemas', () => {
  it('defaults a lander and normalises its language', () => {
    const out = landerCreate.parse({ offerId: 1, title: ' Page ', targetUrl: 'https://a.test', language: 'UA' });
    expect(out).toMatchObject({
      title: 'Page',
      pageType: 'landing',
      weight: 100,
      status: 'active',
      language: 'uk',
      previewUrl: null,
      additionalParameters: [],
    });
    expect(out.sieve.countries).toEqual([]);
  });

  it('needs a target URL unless a landing API language gives one', () => {
    expect(issues(landerCreate.safeParse({ offerId: 1, title: 'P' }))).toEqual(['targetUrl:required']);
    expect(landerCreate.safeParse({ offerId: 1, title: 'P', landerApiLanguageId: 4 }).success).toBe(true);
    expect(issues(landerCreate.safeParse({ offerId: 1, title: 'P', targetUrl: 'www.a.test' }))).toEqual(['targetUrl:url']);
  });

  it('checks weight, parameter names and their uniqueness', () => {
    const r = landerUpdate.safeParse({
      id: 1,
      weight: -1,
      additionalParameters: [
        { name: 'a', value: '1' },
        { name: 'a', value: '2' },
        { name: 'bad name', value: '' },
      ],
    });
    expect(issues(r)).toEqual(['weight:minMax', 'additionalParameters.2.name:pattern', 'additionalParameters.1.name:unique']);
    expect(issues(landerUpdate.safeParse({ id: 1, language: 'xx' }))).toEqual(['language:pattern']);
  });

  it('reads the list query with a required offer and language codes', () => {
    expect(landerListQuery.parse({ offerId: '7', language: 'EN,ua' })).toMatchObject({ offerId: 7, language: ['en', 'uk'] });
    expect(issues(landerListQuery.safeParse({}))).toEqual(['offerId:number']);
  });
});

describe('creative schemas', () => {
  it('needs a text for text creatives, a URL for links, and no content for files', () => {
    expect(issues(creativeCreate.safeParse({ offerId: 1, type: 'text', content: ' ' }))).toEqual(['content:required']);
    expect(issues(creativeCreate.safeParse({ offerId: 1, type: 'link', content: 'a.test' }))).toEqual(['content:url']);
    expect(issues(creativeCreate.safeParse({ offerId: 1, type: 'image', content: 'x' }))).toEqual(['content:pattern']);
    expect(creativeCreate.safeParse({ offerId: 1, type: 'link', content: 'https://a.test' }).success).toBe(true);
  });

  it('maps every type to extensions of the allowed list', () => {
    for (const type of CREATIVE_TYPES) for (const ext of CREATIVE_TYPE_EXTENSIONS[type]) expect(CREATIVE_FILE_EXTENSIONS).toContain(ext);
    expect(CREATIVE_TYPE_EXTENSIONS.text).toEqual([]);
    expect(fileExtension('Banner.Final.PNG')).toBe('png');
    expect(fileExtension('README')).toBe('');
  });
});

describe('landing API schemas', () => {
  it('keeps one version per language', () => {
    const r = landerApiCreate.safeParse({
      title: 'Quiz',
      languages: [
        { language: 'en', targetUrl: 'https://a.test' },
        { language: 'EN', targetUrl: 'https://b.test' },
      ],
    });
    expect(issues(r)).toEqual(['languages.1.language:unique']);
  });
});
