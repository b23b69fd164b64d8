/**
 * The lander form without React: values from a lander, the create and edit items (an edit sends only what changed),
 * what choosing a landing API language copies, and how the product §4 guard answer (409 'A landing cannot be activated
 * while its advertiser is inactive') is told apart from other failures, so the screen can say it in the user's
 * language.
 */
import {
  LANDER_WEIGHT,
  unknownLanderMacro,
  type Lander,
  type LanderApiRef,
  type LanderCreate,
  type LanderParameter,
  type LanderUpdate,
} from '@leadgrid/shared/inventory/landers';
import type { LANDER_PAGE_TYPES, Sieve } from '@leadgrid/shared/inventory/sieves';
import { ApiError } from '../../../../api/client';
import { sieveOf } from '../../../../components/sieve/model';
import { sameSieve } from './decimals';

export interface LanderValues {
  title: string;
  pageType: (typeof LANDER_PAGE_TYPES)[number];
  landerApiLanguageId: number | null;
  targetUrl: string;
  previewUrl: string;
  advertiserId: number | null;
  weight: number;
  language: string | null;
  status: 'active' | 'inactive';
  additionalParameters: LanderParameter[];
  sieve: Sieve;
}

export function landerValuesOf(l: Lander | null): LanderValues {
  return {
    title: l?.title ?? '',
    pageType: l?.pageType ?? 'landing',
    landerApiLanguageId: l?.landerApiLanguage?.id ?? null,
    targetUrl: l?.targetUrl ?? '',
    previewUrl: l?.previewUrl ?? '',
    advertiserId: l?.advertiser?.id ?? null,
    weight: l?.weight ?? LANDER_WEIGHT.default,
    language: l?.language ?? null,
    status: l?.status ?? 'active',
    additionalParameters: l ? l.additionalParameters.map((p) => ({ ...p })) : [],
    sieve: sieveOf('landings', l?.sieve),
  };
}

const parametersOf = (list: LanderParameter[] | undefined) =>
  (list ?? []).filter((p) => p && (p.name ?? '').trim() !== '').map((p) => ({ name: p.name.trim(), value: p.value ?? '' }));

function itemOf(v: LanderValues): Omit<LanderCreate, 'offerId'> {
  return {
    title: (v.title ?? '').trim(),
    pageType: v.pageType,
    landerApiLanguageId: v.landerApiLanguageId ?? null,
    targetUrl: (v.targetUrl ?? '').trim(),
    previewUrl: (v.previewUrl ?? '').trim() || null,
    advertiserId: v.advertiserId ?? null,
    weight: v.weight,
    // a landing API language brings its own (the server copies it)
    language: v.landerApiLanguageId ? null : (v.language ?? null),
    status: v.status,
    additionalParameters: parametersOf(v.additionalParameters),
    sieve: sieveOf('landings', v.sieve),
  };
}

export function landerCreateItem(offerId: number, v: LanderValues): LanderCreate {
  return { offerId, ...itemOf(v) };
}

export function landerUpdateItem(l: Lander, v: LanderValues): LanderUpdate {
  const next = itemOf(v);
  const before = itemOf(landerValuesOf(l));
  const item: LanderUpdate = { id: l.id };
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (key === 'language' && next.landerApiLanguageId) continue;
    const changed =
      key === 'sieve'
        ? !sameSieve(next.sieve as Sieve, before.sieve as Sieve)
        : key === 'additionalParameters'
          ? JSON.stringify(next.additionalParameters) !== JSON.stringify(before.additionalParameters)
          : next[key] !== before[key];
    if (changed) (item as Record<string, unknown>)[key] = next[key];
  }
  return item;
}

/** What choosing a language version of a landing API page puts in the form: its language and URLs. */
export function fromApiLanguage(
  pages: readonly LanderApiRef[],
  languageId: number,
): Pick<LanderValues, 'language' | 'targetUrl' | 'previewUrl'> | null {
  for (const page of pages) {
    const version = page.languages.find((l) => l.id === languageId);
    if (version) return { language: version.language, targetUrl: version.targetUrl, previewUrl: version.previewUrl ?? '' };
  }
  return null;
}

/** The first macro of a URL or parameter value a lander may not carry (shown as "Unknown macro {x}"), or null. */
export const badMacro = (text: string | null | undefined) => (text ? unknownLanderMacro(text) : null);

/** the `type` of the guard's error items (one per lander that would be active under an inactive advertiser) */
export const GUARD_TYPE = 'advertiser_inactive';

/**
 * 'guard' for the product §4 activation guard (409 from change_status, create or edit) with the ids of the landers it
 * refused (`ids` are the ids of the items sent, in order), 'other' with the server's message for anything else.
 */
export function statusFailure(
  error: unknown,
  ids: readonly number[] = [],
): { kind: 'guard'; ids: number[] } | { kind: 'other'; message: string } {
  if (error instanceof ApiError && error.status === 409 && (error.errors.length === 0 || error.errors.some((e) => e.type === GUARD_TYPE))) {
    const failing = error.errors
      .filter((e) => e.type === GUARD_TYPE)
      .map((e) => e.loc[e.loc.indexOf('items') + 1])
      .filter((i): i is number => typeof i === 'number' && i < ids.length)
      .map((i) => ids[i]);
    return { kind: 'guard', ids: failing };
  }
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}
