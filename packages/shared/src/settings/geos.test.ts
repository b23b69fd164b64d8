import { describe, expect, it } from 'vitest';
import { aliasesAreUnique, geoCreate, matchGeo, type GeoLike } from './geos';

const geos: GeoLike[] = [
  {
    id: 1,
    title: 'DACH',
    status: 'active',
    mappings: { countries: ['DE', 'AT', 'CH'], aliases: ['Deutschland', 'Germany', 'Österreich'] },
  },
  { id: 2, title: 'UK', status: 'active', mappings: { countries: ['GB'], aliases: ['United Kingdom', 'Great Britain', 'England'] } },
  { id: 3, title: 'Old Germany', status: 'inactive', mappings: { countries: ['DE'], aliases: ['BRD'] } },
  { id: 4, title: 'Gone', status: 'deleted', mappings: { countries: ['FR'], aliases: ['France'] } },
  { id: 5, title: 'Nordics', mappings: { countries: ['SE', 'NO', 'FI', 'DK'], aliases: [] } },
];

describe('geos: matchGeo', () => {
  it('matches an ISO country code case-insensitively', () => {
    expect(matchGeo(geos, 'DE')?.id).toBe(1);
    expect(matchGeo(geos, 'at')?.id).toBe(1);
    expect(matchGeo(geos, ' gb ')?.id).toBe(2);
  });

  it('matches an alternative spelling case-insensitively, ignoring extra blanks', () => {
    expect(matchGeo(geos, 'germany')?.id).toBe(1);
    expect(matchGeo(geos, 'GREAT   BRITAIN')?.id).toBe(2);
    expect(matchGeo(geos, 'österreich')?.id).toBe(1);
  });

  it('falls back to the geo title', () => {
    expect(matchGeo(geos, 'dach')?.id).toBe(1);
    expect(matchGeo(geos, 'uk')?.id).toBe(2);
  });

  it('prefers a country code over a title of two letters', () => {
    const list: GeoLike[] = [
      { id: 7, title: 'DE', status: 'active', mappings: { countries: [], aliases: [] } },
      { id: 8, title: 'Germany', status: 'active', mappings: { countries: ['DE'], aliases: [] } },
    ];
    expect(matchGeo(list, 'de')?.id).toBe(8);
  });

  it('ignores inactive and deleted geos; a geo without a status counts as active', () => {
    expect(matchGeo(geos, 'BRD')).toBeNull();
    expect(matchGeo(geos, 'FR')).toBeNull();
    expect(matchGeo(geos, 'France')).toBeNull();
    expect(matchGeo(geos, 'se')?.id).toBe(5);
  });

  it('answers null for empty or unknown input', () => {
    expect(matchGeo(geos, '')).toBeNull();
    expect(matchGeo(geos, '   ')).toBeNull();
    expect(matchGeo(geos, null)).toBeNull();
    expect(matchGeo(geos, 'Atlantis')).toBeNull();
    expect(matchGeo([], 'DE')).toBeNull();
  });
});

describe('geos: validation', () => {
  it('upper-cases country codes and refuses unknown ones at their index', () => {
    const ok = geoCreate.parse({ title: 'Baltics', mappings: { countries: ['ee', 'LV', 'lt'], aliases: [] } });
    expect(ok.mappings.countries).toEqual(['EE', 'LV', 'LT']);
    const bad = geoCreate.safeParse({ title: 'X', mappings: { countries: ['EE', 'XX'], aliases: [] } });
    expect(bad.error!.issues).toEqual([expect.objectContaining({ message: 'pattern', path: ['mappings', 'countries', 1] })]);
  });

  it('refuses repeated countries and aliases (uniqueValues) on the repeated entry', () => {
    const bad = geoCreate.safeParse({ title: 'X', mappings: { countries: ['DE', 'de'], aliases: ['Germany', 'GERMANY'] } });
    const issues = bad.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['mappings.countries.1', 'unique'],
      ['mappings.aliases.1', 'unique'],
    ]);
    expect(aliasesAreUnique(['a', 'A '])).toBe(false);
    expect(aliasesAreUnique(['a', 'b'])).toBe(true);
  });

  it('needs a title and defaults the rest', () => {
    expect(geoCreate.safeParse({ title: '  ' }).error!.issues[0]).toMatchObject({ message: 'required', path: ['title'] });
    expect(geoCreate.parse({ title: 'A' })).toEqual({ title: 'A', mappings: { countries: [], aliases: [] }, status: 'active' });
  });
});
