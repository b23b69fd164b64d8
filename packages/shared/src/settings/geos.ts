/**
 * Geos (settings): a named set of ISO countries plus the alternative spellings affiliates send for them.
 * Deleting a geo is a status change to 'deleted' (product §4); a deleted geo frees its title.
 */
import { z } from 'zod';
import { ISO_COUNTRY_CODES } from './reference';
import { rules, zId, zTitle } from '../validation';
import { listQuerySchema, statusChangeItem } from '../common';

export const GEO_STATUSES = ['active', 'inactive', 'deleted'] as const;
export type GeoStatus = (typeof GEO_STATUSES)[number];
/** statuses a geo can be created or listed with; 'deleted' is reached only through change_status */
export const GEO_LIVE_STATUSES = ['active', 'inactive'] as const;
export const GEO_COUNTRIES_MAX = 300;
export const GEO_ALIASES_MAX = 200;
export const GEO_ALIAS_MAX = 100;

const COUNTRY_SET: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);
export const isCountryCode = (v: string) => COUNTRY_SET.has(v);

/** a value list must hold unique values (product §5): the error sits on the repeated entry */
const uniqueEntries = (normalize: (v: string) => string) => (list: string[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  list.forEach((v, i) => {
    const key = normalize(v);
    if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i] });
    seen.add(key);
  });
};

export const geoMappingsInput = z.object({
  countries: z
    .array(
      z
        .string({ message: 'pattern' })
        .trim()
        .toUpperCase()
        .refine((v) => COUNTRY_SET.has(v), { message: 'pattern' }),
      { message: 'required' },
    )
    .max(GEO_COUNTRIES_MAX, { message: 'noMore' })
    .superRefine(uniqueEntries((v) => v))
    .default([]),
  aliases: z
    .array(z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(GEO_ALIAS_MAX, { message: 'minMaxLength' }), {
      message: 'required',
    })
    .max(GEO_ALIASES_MAX, { message: 'noMore' })
    .superRefine(uniqueEntries((v) => v.toLowerCase()))
    .default([]),
});

export const geoMappingsSchema = z.object({ countries: z.array(z.string()), aliases: z.array(z.string()) });

export const geoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  mappings: geoMappingsSchema,
  status: z.enum(GEO_STATUSES),
  createdAt: z.number().int(),
  createdBy: z.number().int().nullable(),
});
export type Geo = z.infer<typeof geoSchema>;

export const geoCreate = z.object({
  title: zTitle(),
  mappings: geoMappingsInput.default({ countries: [], aliases: [] }),
  status: z.enum(GEO_LIVE_STATUSES, { message: 'required' }).default('active'),
});
export type GeoCreate = z.input<typeof geoCreate>;

export const geoUpdate = z.object({
  id: zId(),
  title: zTitle().optional(),
  mappings: geoMappingsInput.optional(),
});
export type GeoUpdate = z.input<typeof geoUpdate>;

export const geoStatusItem = statusChangeItem(GEO_STATUSES);
export type GeoStatusItem = z.input<typeof geoStatusItem>;

export const geoListQuery = listQuerySchema.extend({
  /** geos covering this ISO country */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => COUNTRY_SET.has(v), { message: 'pattern' })
    .optional(),
});
export type GeoListQuery = z.input<typeof geoListQuery>;

/** a short geo as the look-ups answer it */
export const geoRefSchema = z.object({ id: z.number().int(), title: z.string() });
export type GeoRef = z.infer<typeof geoRefSchema>;

export interface GeoLike {
  id: number;
  title: string;
  status?: string;
  mappings: { countries: readonly string[]; aliases: readonly string[] };
}

const fold = (v: string) => v.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The geo a lead's country or spelling belongs to (traffic engine). Active geos only (a geo without a status
 * counts as active). Order of precedence: an ISO code listed in a geo's countries, then an alias, then the geo's
 * title — all case-insensitive and blank-tolerant. Among equals the first geo in the given order wins, so the
 * caller decides the priority (e.g. by id).
 */
export function matchGeo<G extends GeoLike>(geos: readonly G[], countryOrSpelling: string | null | undefined): G | null {
  if (!countryOrSpelling) return null;
  const value = fold(countryOrSpelling);
  if (!value) return null;
  const live = geos.filter((g) => !g.status || g.status === 'active');
  const code = value.toUpperCase();
  if (code.length === 2) {
    const byCountry = live.find((g) => g.mappings.countries.some((c) => c.toUpperCase() === code));
    if (byCountry) return byCountry;
  }
  return live.find((g) => g.mappings.aliases.some((a) => fold(a) === value)) ?? live.find((g) => fold(g.title) === value) ?? null;
}

/** product §5 uniqueValues over a form's alias list (the web form uses it before sending) */
export const aliasesAreUnique = (aliases: readonly string[]) => rules.uniqueValues(aliases.map((a) => fold(a))) === true;
