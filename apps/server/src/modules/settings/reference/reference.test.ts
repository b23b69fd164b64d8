import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';

const t = await useApp();
const aff = await t.make.user({ type: 'affiliate' });

describe('reference look-ups', () => {
  it('lists ISO countries in English by default, sorted by name, cached privately for an hour', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/countries', as: aff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const items: { code: string; name: string }[] = res.json().data.items;
    expect(items.length).toBeGreaterThan(240);
    expect(items).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(items).toContainEqual({ code: 'UA', name: 'Ukraine' });
    const names = items.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names countries and languages in Russian with locale=ru', async () => {
    const countries = await t.request({ method: 'GET', url: '/api/v1/countries?locale=ru', as: aff });
    expect(countries.json().data.items).toContainEqual({ code: 'DE', name: 'Германия' });
    const languages = await t.request({ method: 'GET', url: '/api/v1/languages?locale=ru', as: aff });
    expect(languages.json().data.items).toContainEqual({ code: 'uk', name: 'украинский' });
  });

  it('lists ISO languages with uk for Ukrainian (never ua)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/languages', as: aff });
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const items: { code: string; name: string }[] = res.json().data.items;
    expect(items).toContainEqual({ code: 'uk', name: 'Ukrainian' });
    expect(items).toContainEqual({ code: 'en', name: 'English' });
    expect(items.some((i) => i.code === 'ua')).toBe(false);
  });

  it("lists time zones as 'name (+HH:MM)' with the offset of the moment, current IANA names", async () => {
    t.clock.now = new Date('2026-01-15T12:00:00Z');
    const winter = await t.request({ method: 'GET', url: '/api/v1/timezones', as: aff });
    expect(winter.statusCode).toBe(200);
    expect(winter.headers['cache-control']).toBe('private, max-age=3600');
    const items: { name: string; offset: string; title: string }[] = winter.json().data.items;
    expect(items).toContainEqual({ name: 'Europe/Kyiv', offset: '+02:00', title: 'Europe/Kyiv (+02:00)' });
    expect(items).toContainEqual({ name: 'UTC', offset: '+00:00', title: 'UTC (+00:00)' });
    expect(items.some((z) => z.name === 'Europe/Kiev')).toBe(false);
    for (const z of items) expect(z.title).toBe(`${z.name} (${z.offset})`);
    expect(items[0].offset.startsWith('-')).toBe(true);

    t.clock.now = new Date('2026-07-15T12:00:00Z');
    const summer = await t.request({ method: 'GET', url: '/api/v1/timezones', as: aff });
    expect(summer.json().data.items).toContainEqual({ name: 'Europe/Kyiv', offset: '+03:00', title: 'Europe/Kyiv (+03:00)' });
    t.clock.now = new Date();
  });

  it('refuses an unknown locale with 400 naming the parameter', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/countries?locale=de', as: aff });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['querystring', 'locale']);
  });

  it('answers the distribution methods (product §7 distributionMethod) in the locale; an unknown locale is a 400', async () => {
    const en = await t.request({ method: 'GET', url: '/api/v1/distribution-methods', as: aff });
    expect(en.statusCode).toBe(200);
    expect(en.json().data.distributionMethod).toEqual([
      { code: 'api', name: 'API' },
      { code: 'postback', name: 'Postback' },
      { code: 'redirect', name: 'Redirect' },
      { code: 'api_sync', name: 'API sync' },
    ]);
    const ru = await t.request({ method: 'GET', url: '/api/v1/distribution-methods?locale=ru', as: aff });
    expect(ru.json().data.distributionMethod[1]).toEqual({ code: 'postback', name: 'Постбэк' });
    const bad = await t.request({ method: 'GET', url: '/api/v1/distribution-methods?locale=xx', as: aff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'locale']);
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/v1/countries', '/api/v1/languages', '/api/v1/timezones', '/api/v1/distribution-methods']) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
