/**
 * Landers (an offer's landing pages), creatives (an offer's promotional material) and the landing API library
 * (pages kept once, in language versions, and assigned to offers through landers) — product §3 Lander, Creative,
 * Landing API; §7 landers, creatives, landing API.
 *
 * Staff get the full views; affiliates get the `*PublicSchema` views (no advertiser, target URL, parameters or
 * sieve) of offers visible to them.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { findMacros, MACROS } from '../engine/macros';
import { ISO_LANGUAGE_CODES, normalizeLanguage } from '../settings/reference';
import { URL_RE, zDescription, zId, zTitle } from '../validation';
import { listQuerySchema, statusChangeItem } from '../common';
import {
  CREATIVE_FILE_EXTENSIONS,
  CREATIVE_TYPES,
  EMPTY_SIEVE,
  LANDER_PAGE_TYPES,
  LANDER_STATUSES,
  sieveSchema,
  type CreativeType,
} from './sieves';
import { authorSchema, csvEnum, csvIds, lookupQuery, PICKER_LIMIT } from '../settings/tags';

const m = (message: string) => ({ message });
const ref = z.object({ id: z.number().int(), title: z.string() });
const LANGUAGES: ReadonlySet<string> = new Set(ISO_LANGUAGE_CODES);

// ---------------------------------------------------------------- constants

export const LANDER_WEIGHT = { min: 0, max: 1000, default: 100 } as const;
export const LANDER_PARAMETERS_MAX = 50;
export const LANDERS_API_STATUSES = LANDER_STATUSES;
export const LANDERS_API_LANGUAGE_STATUSES = LANDER_STATUSES;
export const CREATIVE_STATUSES = LANDER_STATUSES;

/**
 * The macros a lander URL (and its additional parameters) may carry: those known when the click is redirected
 * (click, offer and partner groups), without staff-only ones — the visitor's browser, and so the affiliate, sees
 * the redirect URL.
 */
export const LANDER_MACROS: readonly string[] = MACROS.filter((x) => ['click', 'offer', 'partner'].includes(x.group) && !x.staffOnly).map(
  (x) => x.name,
);
const LANDER_MACRO_SET: ReadonlySet<string> = new Set(LANDER_MACROS);
/** The first `{...}` of a text that is not a lander macro, or null. */
export function unknownLanderMacro(text: string): string | null {
  return findMacros(text).find((name) => !LANDER_MACRO_SET.has(name)) ?? null;
}

/** The file extensions each creative type accepts; text and link creatives carry no file. */
export const CREATIVE_TYPE_EXTENSIONS: Record<CreativeType, readonly (typeof CREATIVE_FILE_EXTENSIONS)[number][]> = {
  image: ['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp'],
  video: ['mp4', 'mkv', 'mov', 'webm'],
  archive: ['zip', 'rar', '7z'],
  file: CREATIVE_FILE_EXTENSIONS,
  text: [],
  link: [],
};
/** what a creative's `content` holds: the text of a text creative, the URL of a link creative, nothing otherwise */
export const CREATIVE_CONTENT: Record<CreativeType, 'text' | 'url' | null> = {
  image: null,
  video: null,
  archive: null,
  file: null,
  text: 'text',
  link: 'url',
};
export const creativeHasFile = (type: CreativeType) => CREATIVE_TYPE_EXTENSIONS[type].length > 0;
/** the lower-case extension of a file name ('' when it has none) */
export const fileExtension = (name: string) => (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();

// ---------------------------------------------------------------- shared fields

/** http(s), no spaces; the macros are checked by the server (an unknown one is named in the error) */
const zLanderUrl = () => z.string(m('url')).trim().max(2048, m('maxlength')).regex(URL_RE, m('url'));
const zOptionalUrl = () =>
  zLanderUrl()
    .nullable()
    .or(z.literal('').transform(() => null));
/** an ISO 639-1 language code (`ua` is read as `uk`) */
export const zLanguage = () =>
  z
    .string(m('pattern'))
    .trim()
    .transform(normalizeLanguage)
    .refine((v) => LANGUAGES.has(v), m('pattern'));
const zWeight = () =>
  z.number(m('integerNumber')).int(m('integerNumber')).min(LANDER_WEIGHT.min, m('minMax')).max(LANDER_WEIGHT.max, m('minMax'));

export const landerParameterSchema = z.object({
  name: z
    .string(m('required'))
    .trim()
    .min(1, m('required'))
    .max(100, m('maxlength'))
    .regex(/^[A-Za-z0-9_.\-[\]]+$/, m('pattern')),
  value: z.string(m('maxlength')).max(2000, m('maxlength')),
});
export type LanderParameter = z.infer<typeof landerParameterSchema>;
const zParameters = () =>
  z
    .array(landerParameterSchema)
    .max(LANDER_PARAMETERS_MAX, m('noMore'))
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((p, i) => {
        if (seen.has(p.name)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i, 'name'] });
        seen.add(p.name);
      });
    });
const zIdList = () =>
  z
    .array(zId())
    .max(100, m('noMore'))
    .transform((x) => [...new Set(x)]);

// ---------------------------------------------------------------- landers

export const landerApiLanguageRefSchema = z.object({
  id: z.number().int(),
  language: z.string(),
  landerApi: ref,
});
export const landerAdvertiserSchema = z.object({ id: z.number().int(), title: z.string(), status: z.enum(['active', 'blocked']) });

/** what staff see */
export const landerSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  title: z.string(),
  pageType: z.enum(LANDER_PAGE_TYPES),
  targetUrl: z.string(),
  previewUrl: z.string().nullable(),
  advertiser: landerAdvertiserSchema.nullable(),
  weight: z.number().int(),
  additionalParameters: z.array(landerParameterSchema),
  landerApiLanguage: landerApiLanguageRefSchema.nullable(),
  language: z.string().nullable(),
  status: z.enum(LANDER_STATUSES),
  statusChangedAt: z.number().int().nullable(),
  sieve: sieveSchema,
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type Lander = z.infer<typeof landerSchema>;
/** what an affiliate sees of a lander of an offer visible to them */
export const landerPublicSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  title: z.string(),
  pageType: z.enum(LANDER_PAGE_TYPES),
  previewUrl: z.string().nullable(),
  language: z.string().nullable(),
  status: z.enum(LANDER_STATUSES),
});
export type LanderPublic = z.infer<typeof landerPublicSchema>;
/** the answer of the lander list and detail: the staff view, or the affiliate view */
export const landerViewSchema = z.union([landerSchema, landerPublicSchema]);
export type LanderView = z.infer<typeof landerViewSchema>;

const landerFields = {
  title: zTitle(),
  /** empty: taken from the landing API language (required otherwise) */
  targetUrl: zLanderUrl().or(z.literal('')),
  previewUrl: zOptionalUrl(),
  pageType: z.enum(LANDER_PAGE_TYPES, m('required')),
  advertiserId: zId().nullable(),
  weight: zWeight(),
  additionalParameters: zParameters(),
  landerApiLanguageId: zId().nullable(),
  /** ignored when a landing API language is chosen: its language is copied */
  language: zLanguage().nullable(),
  status: z.enum(LANDER_STATUSES, m('required')),
  sieve: sieveSchema,
};
const targetUrlRule = (x: { targetUrl?: string; landerApiLanguageId?: number | null }, ctx: z.RefinementCtx) => {
  if (x.targetUrl === '' && !x.landerApiLanguageId) ctx.addIssue({ code: 'custom', message: 'required', path: ['targetUrl'] });
};
export const landerCreate = z
  .object({
    offerId: zId(),
    title: landerFields.title,
    targetUrl: landerFields.targetUrl.default(''),
    previewUrl: landerFields.previewUrl.default(null),
    pageType: landerFields.pageType.default('landing'),
    advertiserId: landerFields.advertiserId.default(null),
    weight: landerFields.weight.default(LANDER_WEIGHT.default),
    additionalParameters: landerFields.additionalParameters.default([]),
    landerApiLanguageId: landerFields.landerApiLanguageId.default(null),
    language: landerFields.language.default(null),
    status: landerFields.status.default('active'),
    sieve: landerFields.sieve.default(EMPTY_SIEVE),
  })
  .superRefine(targetUrlRule);
export type LanderCreate = z.input<typeof landerCreate>;
/** one lander's edit; many items = the bulk edit (weight, status, advertiser, sieve, ...) */
export const landerUpdate = z.object({
  id: zId(),
  title: landerFields.title.optional(),
  targetUrl: landerFields.targetUrl.optional(),
  previewUrl: landerFields.previewUrl.optional(),
  pageType: landerFields.pageType.optional(),
  advertiserId: landerFields.advertiserId.optional(),
  weight: landerFields.weight.optional(),
  additionalParameters: landerFields.additionalParameters.optional(),
  landerApiLanguageId: landerFields.landerApiLanguageId.optional(),
  language: landerFields.language.optional(),
  status: landerFields.status.optional(),
  sieve: landerFields.sieve.optional(),
});
export type LanderUpdate = z.input<typeof landerUpdate>;
export const landerStatusItem = statusChangeItem(LANDER_STATUSES);
/** POST /landers/edit_sieve: one sieve set on several landers */
export const landerSieveEdit = z.object({
  ids: z.array(zId()).min(1, m('required')).max(MAX_PAGE_SIZE, m('noMore')),
  sieve: sieveSchema,
});
export type LanderSieveEdit = z.input<typeof landerSieveEdit>;
const zQueryId = () => z.coerce.number<string>(m('number')).int(m('number')).positive(m('number'));
export const landerListQuery = listQuerySchema.extend({
  offerId: zQueryId(),
  advertiserId: csvIds().optional(),
  language: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => normalizeLanguage(x)).filter(Boolean))
    .pipe(z.array(z.string().refine((v) => LANGUAGES.has(v), m('pattern'))))
    .optional(),
  pageType: csvEnum(LANDER_PAGE_TYPES).optional(),
});
export type LanderListQuery = z.input<typeof landerListQuery>;
export const landerRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  offerId: z.number().int(),
  language: z.string().nullable(),
  status: z.enum(LANDER_STATUSES),
});
export type LanderRef = z.infer<typeof landerRefSchema>;
export const landerLookupQuery = lookupQuery(PICKER_LIMIT).extend({ offerId: zQueryId().optional() });
/** GET /landers/campaign-info: the active landers of an offer the affiliate (staff: `affiliateId`, or any) may use */
export const landerCampaignInfoQuery = z.object({ offerId: zQueryId(), affiliateId: zQueryId().optional() });
export const landerCampaignInfoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  previewUrl: z.string().nullable(),
  language: z.string().nullable(),
  pageType: z.enum(LANDER_PAGE_TYPES),
});
export type LanderCampaignInfo = z.infer<typeof landerCampaignInfoSchema>;

// ---------------------------------------------------------------- creatives

export const creativeAttachmentSchema = z.object({
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** GET this path (with the bearer token) to download the file */
  url: z.string(),
});
export type CreativeAttachment = z.infer<typeof creativeAttachmentSchema>;
export const creativeSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  description: z.string(),
  type: z.enum(CREATIVE_TYPES),
  content: z.string().nullable(),
  attachment: creativeAttachmentSchema.nullable(),
  status: z.enum(CREATIVE_STATUSES),
  sieve: sieveSchema,
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type Creative = z.infer<typeof creativeSchema>;
export const creativePublicSchema = creativeSchema.pick({
  id: true,
  offerId: true,
  description: true,
  type: true,
  content: true,
  attachment: true,
  status: true,
});
export type CreativePublic = z.infer<typeof creativePublicSchema>;
export const creativeViewSchema = z.union([creativeSchema, creativePublicSchema]);
export type CreativeView = z.infer<typeof creativeViewSchema>;

/** text creatives need a text, link creatives an http(s) URL; the other types carry no content */
const creativeContentRule = (x: { type?: CreativeType; content?: string | null }, ctx: z.RefinementCtx) => {
  if (!x.type) return;
  const kind = CREATIVE_CONTENT[x.type];
  const content = x.content?.trim() ?? '';
  if (kind && !content) ctx.addIssue({ code: 'custom', message: 'required', path: ['content'] });
  else if (kind === 'url' && !URL_RE.test(content)) ctx.addIssue({ code: 'custom', message: 'url', path: ['content'] });
  else if (!kind && content) ctx.addIssue({ code: 'custom', message: 'pattern', path: ['content'] });
};
const creativeFields = {
  description: zDescription(),
  type: z.enum(CREATIVE_TYPES, m('required')),
  content: z.string(m('maxlength')).max(20_000, m('maxlength')).nullable(),
  status: z.enum(CREATIVE_STATUSES, m('required')),
  sieve: sieveSchema,
};
export const creativeCreate = z
  .object({
    offerId: zId(),
    description: creativeFields.description.default(''),
    type: creativeFields.type,
    content: creativeFields.content.default(null),
    status: creativeFields.status.default('active'),
    sieve: creativeFields.sieve.default(EMPTY_SIEVE),
  })
  .superRefine(creativeContentRule);
export type CreativeCreate = z.input<typeof creativeCreate>;
/** the content rule is checked by the server against the saved type when only one of them changes */
export const creativeUpdate = z.object({
  id: zId(),
  description: creativeFields.description.optional(),
  type: creativeFields.type.optional(),
  content: creativeFields.content.optional(),
  status: creativeFields.status.optional(),
  sieve: creativeFields.sieve.optional(),
});
export type CreativeUpdate = z.input<typeof creativeUpdate>;
export const creativeStatusItem = statusChangeItem(CREATIVE_STATUSES);
export const creativeSievesItem = z.object({ id: zId(), sieve: sieveSchema });
export const creativeListQuery = listQuerySchema.extend({ offerId: zQueryId(), type: csvEnum(CREATIVE_TYPES).optional() });
export type CreativeListQuery = z.input<typeof creativeListQuery>;
export const creativeTypeSchema = z.object({
  type: z.enum(CREATIVE_TYPES),
  /** the file extensions an attachment of this type may have (empty: no file) */
  extensions: z.array(z.string()),
  content: z.enum(['text', 'url']).nullable(),
  maxBytes: z.number().int(),
});
export type CreativeTypeInfo = z.infer<typeof creativeTypeSchema>;

// ---------------------------------------------------------------- landing API

export const landerApiLanguageSchema = z.object({
  id: z.number().int(),
  language: z.string(),
  targetUrl: z.string(),
  previewUrl: z.string().nullable(),
  status: z.enum(LANDERS_API_LANGUAGE_STATUSES),
  /** how many landers were made from this language version */
  landersCount: z.number().int(),
});
export type LanderApiLanguage = z.infer<typeof landerApiLanguageSchema>;
export const landerApiSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  vertical: ref.nullable(),
  pageType: z.enum(LANDER_PAGE_TYPES),
  status: z.enum(LANDERS_API_STATUSES),
  categories: z.array(ref),
  tags: z.array(ref),
  languages: z.array(landerApiLanguageSchema),
  /** the offers whose landers use one of its language versions */
  assignedToOffers: z.array(ref.extend({ status: z.string() })),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type LanderApi = z.infer<typeof landerApiSchema>;

export const landerApiLanguageInput = z.object({
  language: zLanguage(),
  targetUrl: zLanderUrl(),
  previewUrl: zOptionalUrl().default(null),
  status: z.enum(LANDERS_API_LANGUAGE_STATUSES, m('required')).default('active'),
});
export type LanderApiLanguageInput = z.input<typeof landerApiLanguageInput>;
/** the full set of language versions, one per language (a version missing from the set is removed) */
export const landerApiLanguagesSet = z
  .array(landerApiLanguageInput)
  .max(200, m('noMore'))
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (seen.has(x.language)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i, 'language'] });
      seen.add(x.language);
    });
  });
const landerApiFields = {
  title: zTitle(),
  description: zDescription(),
  verticalId: zId().nullable(),
  pageType: z.enum(LANDER_PAGE_TYPES, m('required')),
  status: z.enum(LANDERS_API_STATUSES, m('required')),
  categoryIds: zIdList(),
  tagIds: zIdList(),
};
export const landerApiCreate = z.object({
  title: landerApiFields.title,
  description: landerApiFields.description.default(''),
  verticalId: landerApiFields.verticalId.default(null),
  pageType: landerApiFields.pageType.default('landing'),
  status: landerApiFields.status.default('active'),
  categoryIds: landerApiFields.categoryIds.default([]),
  tagIds: landerApiFields.tagIds.default([]),
  languages: landerApiLanguagesSet.default([]),
});
export type LanderApiCreate = z.input<typeof landerApiCreate>;
export const landerApiUpdate = z.object({
  id: zId(),
  title: landerApiFields.title.optional(),
  description: landerApiFields.description.optional(),
  verticalId: landerApiFields.verticalId.optional(),
  pageType: landerApiFields.pageType.optional(),
  status: landerApiFields.status.optional(),
  categoryIds: landerApiFields.categoryIds.optional(),
  tagIds: landerApiFields.tagIds.optional(),
});
export type LanderApiUpdate = z.input<typeof landerApiUpdate>;
export const landerApiStatusItem = statusChangeItem(LANDERS_API_STATUSES);
export const landerApiListQuery = listQuerySchema.extend({
  verticalId: csvIds().optional(),
  categoryId: csvIds().optional(),
  tagId: csvIds().optional(),
  language: landerListQuery.shape.language,
  pageType: csvEnum(LANDER_PAGE_TYPES).optional(),
});
export type LanderApiListQuery = z.input<typeof landerApiListQuery>;
/** the lander form's picker: landing API pages with their language versions */
export const landerApiLookupQuery = lookupQuery(PICKER_LIMIT).extend({
  verticalId: zQueryId().optional(),
  /** only active pages with active versions (the default), or any */
  anyStatus: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export const landerApiRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(LANDERS_API_STATUSES),
  verticalId: z.number().int().nullable(),
  pageType: z.enum(LANDER_PAGE_TYPES),
  languages: z.array(landerApiLanguageSchema.omit({ landersCount: true })),
});
export type LanderApiRef = z.infer<typeof landerApiRefSchema>;
export const landerApiLanguageCodesSchema = z.object({ items: z.array(z.string()) });
