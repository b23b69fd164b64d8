/**
 * General settings (product §3, §7): the white-label values every visitor's browser loads (public api-settings)
 * and the admin's general settings form. Values live in the key/value `settings` table (settings.store.ts).
 */
import {
  RAW_CLICKS_RETENTION,
  type ApiErrorItem,
  type GeneralSettings,
  type GeneralSettingsUpdate,
  type PublicSettings,
} from '@leadgrid/shared';
import { inArray } from 'drizzle-orm';
import { images } from '../../../db/schema';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import type { Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { diffFields, recordAudit } from '../../../lib/audit';
import { getSettings, setSetting, type SettingValues } from './settings.store';

const imageUrl = (id: number | null | undefined) => (id ? `/api/v1/images/${id}` : null);

/** The keys the general settings form edits, in the order they are written. */
const EDITABLE = [
  'name',
  'logoImageId',
  'faviconImageId',
  'trialExpireAt',
  'registrationEnabled',
  'frontendVersionTs',
  'legalDetails',
  'rawClicksRetentionDays',
] as const;
type Editable = Pick<SettingValues, (typeof EDITABLE)[number]>;

export type StoredSettings = Editable & { baseCurrency: string; customerId: string };

/** the stored general settings, defaults filled in */
export async function storedSettings(db: DbOrTx, config: Config): Promise<StoredSettings> {
  const s = await getSettings(db);
  return {
    name: s.name ?? config.SYSTEM_NAME,
    logoImageId: s.logoImageId ?? null,
    faviconImageId: s.faviconImageId ?? null,
    trialExpireAt: s.trialExpireAt ?? null,
    registrationEnabled: s.registrationEnabled ?? true,
    frontendVersionTs: s.frontendVersionTs ?? 0,
    legalDetails: s.legalDetails ?? '',
    rawClicksRetentionDays: s.rawClicksRetentionDays ?? RAW_CLICKS_RETENTION.default,
    baseCurrency: s.baseCurrency ?? config.BASE_CURRENCY,
    customerId: s.customerId ?? '',
  };
}

function toPublic(ctx: Ctx, s: StoredSettings, apiDomain: string): PublicSettings {
  return {
    apiDomain,
    name: s.name,
    logoUrl: imageUrl(s.logoImageId),
    faviconUrl: imageUrl(s.faviconImageId),
    registrationEnabled: s.registrationEnabled,
    trialExpireAt: s.trialExpireAt,
    chatSupportUrl: ctx.config.CHAT_SUPPORT_URL ?? null,
    frontendVersionTs: s.frontendVersionTs,
    baseCurrency: s.baseCurrency,
  };
}

/**
 * What the browser needs before anyone signs in: name, logo, favicon, registration and trial flags. Every open browser
 * polls it, so the route passes the stored values from the process's cache (settings.routes.ts).
 */
export async function publicSettings(ctx: Ctx, apiDomain: string, stored?: StoredSettings): Promise<PublicSettings> {
  return toPublic(ctx, stored ?? (await storedSettings(ctx.db, ctx.config)), apiDomain);
}

export async function generalSettings(ctx: Ctx, apiDomain: string): Promise<GeneralSettings> {
  const s = await storedSettings(ctx.db, ctx.config);
  return {
    ...toPublic(ctx, s, apiDomain),
    customerId: s.customerId,
    logoImageId: s.logoImageId,
    faviconImageId: s.faviconImageId,
    legalDetails: s.legalDetails,
    rawClicksRetentionDays: s.rawClicksRetentionDays,
  };
}

/** Saves the given keys (absent ones stay as they are); a logo or favicon must be an uploaded image. */
export async function updateGeneral(ctx: Ctx, input: GeneralSettingsUpdate, apiDomain: string): Promise<GeneralSettings> {
  const imageFields = (['logoImageId', 'faviconImageId'] as const).filter((k) => typeof input[k] === 'number');
  if (imageFields.length) {
    const wanted = imageFields.map((k) => input[k] as number);
    const found = new Set((await ctx.db.select({ id: images.id }).from(images).where(inArray(images.id, wanted))).map((r) => r.id));
    const errors: ApiErrorItem[] = imageFields
      .filter((k) => !found.has(input[k] as number))
      .map((k) => ({ msg: `Image ${input[k]} not found`, type: 'notFound', loc: ['body', 'data', k] }));
    if (errors.length) throw new AppError('VALIDATION', errors[0].msg, errors);
  }

  const before = await storedSettings(ctx.db, ctx.config);
  const patch: Partial<Editable> = {};
  for (const key of EDITABLE) if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key];
  const changes = diffFields<Editable>(before, patch);
  if (changes) {
    await ctx.db.transaction(async (db) => {
      for (const [key, value] of Object.entries(changes.after)) await setSetting(db, key as keyof Editable, value as never);
      await recordAudit({ ...ctx, db }, { entity: 'settings', entityId: null, action: 'update', changes });
    });
  }
  return generalSettings(ctx, apiDomain);
}
