/**
 * Sieves and the constants of the offers issue. A sieve is the matching rule of a lander, creative, cap, payment
 * rule, advertiser target, assigned affiliate or team (product §3 "Sieve rules"): empty lists match everything.
 * One schema serves every owner; each owner uses the keys that make sense for it (SIEVE_KEYS_BY_OWNER), and the
 * matcher in `../sieve.ts` is what the traffic engine runs.
 */
import { z } from 'zod';
import { ISO_COUNTRY_CODES, ISO_LANGUAGE_CODES, isValidZone } from '../settings/reference';
import { zId } from '../validation';

// ---------------------------------------------------------------- constants

export const OFFER_STATUSES = ['active', 'inactive', 'draft'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** product §3: offer types are public (id 1) and private (id 3) */
export const OFFER_ACCESS_TYPES = { public: 1, private: 3 } as const;
export const OFFER_ACCESS_TYPE_IDS = [1, 3] as const;
export const SESSION_LIFESPAN_TYPES = ['click', 'goal'] as const;
export const LANDER_PAGE_TYPES = ['landing', 'prelanding'] as const;
export const LANDER_STATUSES = ['active', 'inactive'] as const;
export const CREATIVE_TYPES = ['image', 'video', 'link', 'archive', 'text', 'file'] as const;
export type CreativeType = (typeof CREATIVE_TYPES)[number];
/** product §5: creative files under 50 MB with these extensions */
export const CREATIVE_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const CREATIVE_FILE_EXTENSIONS = [
  'mp4',
  'mkv',
  'mov',
  'webm',
  'mp3',
  'wav',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'webp',
  'zip',
  'rar',
  '7z',
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'txt',
  'html',
] as const;
export const CAP_TYPES = ['limit', 'funnel'] as const;
export const CAP_PERIODS = ['day', 'week', 'month', 'all_time'] as const;
export type CapPeriod = (typeof CAP_PERIODS)[number];
/** what happens to traffic once a limit cap is reached */
export const CAP_ACTIONS = ['skip', 'trafficback', 'hold'] as const;
/** what a cap counts: accepted leads or conversions (of the cap's goal when set) */
export const CAP_PROCESSING_TYPES = ['leads', 'conversions'] as const;
export const PAYMENT_TYPES = ['fixed', 'percent'] as const;
export const CAMPAIGN_STATUSES = ['active', 'inactive', 'offer_revoked', 'blocked', 'deleted'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** the built-in payment models seeded on first start (global: vertical null) */
export const DEFAULT_PAYMENT_MODELS = [
  { code: 'CPL', title: 'CPL — cost per lead' },
  { code: 'CPA', title: 'CPA — cost per action' },
  { code: 'CPC', title: 'CPC — cost per click' },
  { code: 'CPS', title: 'CPS — cost per sale' },
  { code: 'RevShare', title: 'RevShare — share of revenue' },
] as const;
/** user preference type under which the sieve column choice of each table is kept */
export const SIEVE_DISPLAY_PREFERENCE = 'sieve_display';

// ---------------------------------------------------------------- sieve

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const; // ISO: 1 Monday … 7 Sunday
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const COUNTRIES: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);
const LANGUAGES: ReadonlySet<string> = new Set(ISO_LANGUAGE_CODES);

/** one schedule window: on these weekdays from `from` to `to` (HH:mm); `to` ≤ `from` runs past midnight */
export const scheduleWindowSchema = z.object({
  days: z
    .array(z.number().int().min(1, { message: 'min' }).max(7, { message: 'noMore' }))
    .min(1, { message: 'required' })
    .max(7, { message: 'noMore' }),
  from: z.string({ message: 'startTime' }).regex(TIME_OF_DAY, { message: 'startTime' }),
  to: z.string({ message: 'endTime' }).regex(TIME_OF_DAY, { message: 'endTime' }),
});
export const scheduleSchema = z.object({
  timezone: z.string({ message: 'required' }).refine((v) => isValidZone(v), { message: 'pattern' }),
  windows: z.array(scheduleWindowSchema).max(50, { message: 'noMore' }),
});
export type Schedule = z.infer<typeof scheduleSchema>;

const uniqueList = <T extends z.ZodType<string | number>>(item: T, max = 500) =>
  z
    .array(item)
    .max(max, { message: 'noMore' })
    .superRefine((list, ctx) => {
      const seen = new Set<string | number>();
      list.forEach((v, i) => {
        if (seen.has(v as string | number)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i] });
        seen.add(v as string | number);
      });
    });

export const sieveSchema = z.object({
  countries: uniqueList(
    z
      .string({ message: 'pattern' })
      .trim()
      .toUpperCase()
      .refine((v) => COUNTRIES.has(v), { message: 'pattern' }),
    300,
  ).default([]),
  languages: uniqueList(
    z
      .string({ message: 'pattern' })
      .trim()
      .toLowerCase()
      .refine((v) => LANGUAGES.has(v), { message: 'pattern' }),
    300,
  ).default([]),
  trafficSourceIds: uniqueList(zId()).default([]),
  landerIds: uniqueList(zId()).default([]),
  affiliateIds: uniqueList(zId(), 1000).default([]),
  teamIds: uniqueList(zId()).default([]),
  advertiserIds: uniqueList(zId()).default([]),
  /** null: any time */
  schedule: scheduleSchema.nullable().default(null),
});
export type Sieve = z.infer<typeof sieveSchema>;
export type SieveInput = z.input<typeof sieveSchema>;
export const EMPTY_SIEVE: Sieve = {
  countries: [],
  languages: [],
  trafficSourceIds: [],
  landerIds: [],
  affiliateIds: [],
  teamIds: [],
  advertiserIds: [],
  schedule: null,
};
/** a stored sieve read back whole: rows written before a key existed (or by the demo seed) keep `{}` or a part */
export const storedSieve = (value: unknown): Sieve => ({ ...EMPTY_SIEVE, ...(value as Partial<Sieve> | null) });

export const SIEVE_OWNERS = ['landings', 'creatives', 'caps', 'paymentRules', 'advertisers', 'affiliates', 'teams'] as const;
export type SieveOwner = (typeof SIEVE_OWNERS)[number];
export type SieveKey = keyof Sieve;
/** the sieve keys each owner uses (the others are ignored and stored empty) — also the columns of "sieve display settings" */
export const SIEVE_KEYS_BY_OWNER: Record<SieveOwner, readonly SieveKey[]> = {
  landings: ['countries', 'languages', 'trafficSourceIds', 'affiliateIds', 'teamIds', 'schedule'],
  creatives: ['countries', 'languages', 'affiliateIds', 'teamIds'],
  caps: ['advertiserIds', 'affiliateIds', 'teamIds', 'countries'],
  paymentRules: ['affiliateIds', 'teamIds', 'countries', 'advertiserIds'],
  advertisers: ['countries', 'languages', 'trafficSourceIds', 'landerIds', 'schedule'],
  affiliates: ['countries', 'languages', 'trafficSourceIds', 'landerIds', 'schedule'],
  teams: ['countries', 'languages', 'trafficSourceIds', 'landerIds', 'schedule'],
};
/** keep only the keys an owner uses */
export function sieveFor(owner: SieveOwner, sieve: Sieve): Sieve {
  const out: Record<SieveKey, unknown> = { ...EMPTY_SIEVE };
  for (const key of SIEVE_KEYS_BY_OWNER[owner]) out[key] = sieve[key];
  return out as Sieve;
}

/** `{ [owner]: visible sieve keys }` kept per user as preference SIEVE_DISPLAY_PREFERENCE */
export const sieveDisplaySettingsSchema = z.object(
  Object.fromEntries(
    SIEVE_OWNERS.map((o) => [o, z.array(z.enum(SIEVE_KEYS_BY_OWNER[o] as [SieveKey, ...SieveKey[]])).optional()]),
  ) as Record<SieveOwner, z.ZodOptional<z.ZodArray<z.ZodEnum<Record<SieveKey, SieveKey>>>>>,
);
export type SieveDisplaySettings = z.infer<typeof sieveDisplaySettingsSchema>;
