/**
 * The rules of the campaign screens that hold no React: the list tabs, which actions a campaign offers in its status,
 * the link a "test" click opens, and the form values <-> API items (an edit sends only what changed; the target-URL
 * settings go out trimmed, with the URL dropped in landers mode).
 */
import type { Campaign, CampaignCreate, CampaignUpdate, TargetUrlMode, TargetUrlSettingsInput } from '@leadgrid/shared/inventory/campaigns';
import { DEFAULT_TARGET_URL_SETTINGS, SUB_PARAMS, unknownClickMacro } from '@leadgrid/shared/engine/campaign-links';
import type { CampaignStatus } from '@leadgrid/shared/inventory/sieves';
import type { IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import { URL_RE } from '@leadgrid/shared/validation';

/** a campaign a status action applies to */
export interface Target {
  id: number;
  title: string;
}

export const CAMPAIGN_WRITE = 'campaign.update';
export const CAMPAIGN_BLOCK = 'campaign.block';
export const TABS = ['active', 'inactive', 'blocked', 'all'] as const;
export type Tab = (typeof TABS)[number];
export const FILTERS = ['search', 'offerId', 'affiliateId', 'countries', 'domainId', 'trafficSourceId'] as const;
/** a target-URL parameter name: what the server accepts */
export const PARAM_NAME_RE = /^[A-Za-z0-9_.\-[\]]+$/;

export const tabOf = (segment: string | undefined): Tab =>
  segment && (TABS as readonly string[]).includes(segment) ? (segment as Tab) : 'all';

export type CampaignAction = 'edit' | 'activate' | 'deactivate' | 'clone' | 'block' | 'unblock' | 'delete';

/**
 * What a campaign in `status` offers (the server's rules): a deleted one nothing; a blocked one only edits for
 * everyone and unblocking / deleting for holders of campaign.block; an offer_revoked one no activation (it comes
 * back by itself when the offer is given back) and no clone (the offer is not visible).
 */
export function actionsFor(status: CampaignStatus, can: { write: boolean; block: boolean }): CampaignAction[] {
  if (!can.write || status === 'deleted') return [];
  switch (status) {
    case 'active':
      return ['edit', 'deactivate', 'clone', ...(can.block ? (['block'] as const) : []), 'delete'];
    case 'inactive':
      return ['edit', 'activate', 'clone', ...(can.block ? (['block'] as const) : []), 'delete'];
    case 'offer_revoked':
      return ['edit', 'deactivate', ...(can.block ? (['block'] as const) : []), 'delete'];
    case 'blocked':
      return can.block ? ['edit', 'unblock', 'clone', 'delete'] : ['edit'];
  }
}

/** The mass actions offered for the selected rows. */
export const bulkActionsFor = (can: { write: boolean; block: boolean }): CampaignAction[] =>
  can.write ? ['activate', 'deactivate', ...(can.block ? (['block', 'unblock'] as const) : []), 'delete'] : [];

/**
 * The tracking URL as a visitor without sub values would open it: the `subN={subN}` placeholders are dropped
 * (a click sent with them would carry the literal text "{sub1}").
 */
export function testLinkOf(trackingUrl: string): string {
  try {
    const url = new URL(trackingUrl);
    for (const sub of SUB_PARAMS) if (url.searchParams.get(sub) === `{${sub}}`) url.searchParams.delete(sub);
    return url.toString().replace(/\?$/, '');
  } catch {
    return trackingUrl;
  }
}

// ---------------------------------------------------------------- form values

export interface ParamRow {
  name: string;
  value: string;
}
export interface TargetUrlValues {
  mode: TargetUrlMode;
  url: string;
  passSubs: boolean;
  passQuery: boolean;
  params: ParamRow[];
}
export interface CampaignValues {
  title: string;
  affiliateId?: number | null;
  offerId?: number | null;
  integrationMethod?: IntegrationMethod;
  countries: string[];
  domainId: number | null;
  landerIds: number[];
  trafficSourceId: number | null;
  /** the affiliate's own postbacks called for this campaign (none: all of them) */
  postbackIds: number[];
  targetUrlSettings: TargetUrlValues;
}

export function valuesOf(c: Campaign | null, preset: { offerId?: number; affiliateId?: number } = {}): CampaignValues {
  if (!c) {
    const d = DEFAULT_TARGET_URL_SETTINGS;
    return {
      title: '',
      affiliateId: preset.affiliateId ?? null,
      offerId: preset.offerId ?? null,
      integrationMethod: undefined,
      countries: [],
      domainId: null,
      landerIds: [],
      trafficSourceId: null,
      postbackIds: [],
      targetUrlSettings: { mode: d.mode, url: d.url ?? '', passSubs: d.passSubs, passQuery: d.passQuery, params: [] },
    };
  }
  const s = c.targetUrlSettings;
  return {
    title: c.title,
    affiliateId: c.affiliate.id,
    offerId: c.offer.id,
    integrationMethod: c.integrationMethod,
    countries: [...c.countries],
    domainId: c.domain?.id ?? null,
    landerIds: c.landers.map((l) => l.id),
    trafficSourceId: c.trafficSource?.id ?? null,
    postbackIds: c.postbacks.map((p) => p.id),
    targetUrlSettings: {
      mode: s.mode,
      url: s.url ?? '',
      passSubs: s.passSubs,
      passQuery: s.passQuery,
      params: s.params.map((p) => ({ name: p.name, value: p.value })),
    },
  };
}

/** The settings as the API takes them: trimmed, no URL in landers mode, empty parameter rows dropped. */
export function targetUrlPayload(v: TargetUrlValues): TargetUrlSettingsInput {
  const url = (v.url ?? '').trim();
  return {
    mode: v.mode,
    url: v.mode === 'url' && url ? url : null,
    passSubs: v.passSubs,
    passQuery: v.passQuery,
    params: (v.params ?? []).map((p) => ({ name: (p.name ?? '').trim(), value: p.value ?? '' })).filter((p) => p.name || p.value),
  };
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x) => b.includes(x));

export function toCreate(v: CampaignValues, staff: boolean): CampaignCreate {
  return {
    title: v.title.trim(),
    ...(staff && v.affiliateId ? { affiliateId: v.affiliateId } : {}),
    offerId: v.offerId!,
    ...(v.integrationMethod ? { integrationMethod: v.integrationMethod } : {}),
    countries: v.countries ?? [],
    domainId: v.domainId ?? null,
    landerIds: v.landerIds ?? [],
    trafficSourceId: v.trafficSourceId ?? null,
    ...(v.postbackIds?.length ? { postbackIds: v.postbackIds } : {}),
    targetUrlSettings: targetUrlPayload(v.targetUrlSettings),
  };
}

/** Only what changed; the affiliate and the offer never change. */
export function toUpdate(c: Campaign, v: CampaignValues): CampaignUpdate {
  const before = valuesOf(c);
  const item: CampaignUpdate = { id: c.id };
  if (v.title.trim() !== c.title) item.title = v.title.trim();
  if (v.integrationMethod && v.integrationMethod !== c.integrationMethod) item.integrationMethod = v.integrationMethod;
  if (!sameSet(v.countries ?? [], before.countries)) item.countries = v.countries ?? [];
  if ((v.domainId ?? null) !== before.domainId) item.domainId = v.domainId ?? null;
  if (!sameSet(v.landerIds ?? [], before.landerIds)) item.landerIds = v.landerIds ?? [];
  if ((v.trafficSourceId ?? null) !== before.trafficSourceId) item.trafficSourceId = v.trafficSourceId ?? null;
  if (!sameSet(v.postbackIds ?? [], before.postbackIds)) item.postbackIds = v.postbackIds ?? [];
  const settings = targetUrlPayload(v.targetUrlSettings);
  if (JSON.stringify(settings) !== JSON.stringify(targetUrlPayload(before.targetUrlSettings))) item.targetUrlSettings = settings;
  return item;
}

// ---------------------------------------------------------------- checks of the target-URL fields

export type UrlProblem = { key: 'required' | 'url' } | { key: 'unknownMacro'; name: string } | null;

/** The fixed URL: required in URL mode, http(s) without spaces, click-time macros only. */
export function urlProblem(mode: TargetUrlMode, value: string | null | undefined): UrlProblem {
  if (mode !== 'url') return null;
  const v = (value ?? '').trim();
  if (!v) return { key: 'required' };
  if (!URL_RE.test(v)) return { key: 'url' };
  const bad = unknownClickMacro(v);
  return bad === null ? null : { key: 'unknownMacro', name: bad };
}

/** A parameter value: click-time macros only (the name of the first other one). */
export const valueMacroProblem = (value: string | null | undefined): string | null => unknownClickMacro(value ?? '');

/** A parameter name: required (when the row has a value), the server's characters, not given twice. */
export function paramNameProblem(rows: readonly ParamRow[], index: number): 'required' | 'pattern' | 'unique' | 'maxlength' | null {
  const row = rows[index];
  const name = (row?.name ?? '').trim();
  if (!name) return row?.value ? 'required' : null;
  if (name.length > 100) return 'maxlength';
  if (!PARAM_NAME_RE.test(name)) return 'pattern';
  return rows.some((r, i) => i < index && (r?.name ?? '').trim() === name) ? 'unique' : null;
}
