/**
 * Lead intake (architecture §5 Lead steps 1–3, 5–6): who posts, for which offer, whether the lead meets its vertical
 * (incoming parameters, inbound rules), its status (test, duplicate, invalid, new, or hold when a hold-queue rule of
 * its geo is in its window: released by the hold-queue job, see hold-queue.jobs.ts), and the commit of the lead and
 * its first history entry (and the duplicate search) in ONE statement, group-committed with concurrent leads
 * (lead-writer.ts), before any outbound call. A lead to distribute is inserted already leased to
 * the request's own run; if the process dies first, the lease expires and the lead sweep (leads.jobs.ts) runs it, so an
 * accepted lead is never lost. What the intake reads about the affiliate, campaign, offer and vertical comes from the
 * engine's per-process cache (engine-reads.ts). The lead's events (`event_received`, and `event_hold`, `event_invalid`
 * or `event_duplicate` for a lead stored so) go to the affiliate's postbacks through the postback outbox, in the same
 * statement (lead-events.ts, modules/engine/postback-delivery/outbox.ts).
 */
import {
  EMAIL_RE,
  ISO_COUNTRY_CODES,
  LEAD_LEASE_SECONDS,
  normalizeLanguage,
  rules,
  type ApiErrorItem,
  type IncomingParameter,
  type InboundRule,
  type LeadIntake,
} from '@leadgrid/shared';
import { sql } from 'drizzle-orm';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { rowsOf } from '../../../db/client';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { findNul } from '../../../lib/pg-text';
import { clickIdIs, droppedClickDays } from '../clicks';
import { holdByRules } from '../hold-queue';
import type { DistributableLead } from './distribution';
import type { EngineReads, LeadSource, LeadVertical } from './engine-reads';
import type { JobQueue } from '../../../jobs/queue';
import { leadEventJobs, type LeadEventSubject } from './lead-events';
import { leadWriter, type LeadInsert } from './lead-writer';

/**
 * What an affiliate reads as a duplicate's reason (the lead API's answer, its lead list): the earlier lead may be
 * another affiliate's, so never its id — the stored reason "Duplicate of lead N" and `duplicateOf` are for staff
 * (docs/decisions/access.md).
 */
export const AFFILIATE_DUPLICATE_REASON = 'Duplicate of an earlier lead';

const COUNTRIES: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);
const STANDARD = ['firstName', 'lastName', 'phone', 'email', 'country', 'language', 'ip', 'landing', 'sourceUrl'] as const;

type Source = LeadSource;

export interface AcceptedLead {
  id: number;
  status: 'new' | 'test' | 'duplicate' | 'invalid' | 'hold';
  reason: string | null;
  /** the lead goes to distribution now */
  distribute: boolean;
  redirectToAdvertiser: string;
  thankYouPageUrl: string | null;
  /** the lead as inserted, already leased to this request's distribution run when it distributes (no claim needed) */
  claimed: DistributableLead | null;
}

const bad = (field: string, msg: string, text?: string): ApiErrorItem => ({ msg, type: text ?? msg, loc: ['body', ...field.split('.')] });

interface Target {
  offerId: number;
  campaignId: number | null;
  landerId: number | null;
  clickSubs: (string | null)[];
  /** the lead's click was opened through a staff test link: the lead is a test lead (docs/decisions/engine.md) */
  testClick: boolean;
}

/** the offer (and campaign) the lead is for: a campaign of the affiliate, a click of one, or an offer it can see */
async function targetOf(ctx: Ctx, reads: EngineReads, src: Source, input: LeadIntake): Promise<Target> {
  let campaignId: number | null = input.campaignId ?? null;
  let landerId: number | null = null;
  let clickSubs: (string | null)[] = [];
  let testClick = false;
  let offerId: number | null = input.offerId ?? null;
  if (input.clickId) {
    const [click] = rowsOf<Record<string, unknown>>(
      await ctx.db.execute(
        sql`select campaign_id, offer_id, affiliate_id, lander_id, is_test, sub1, sub2, sub3, sub4, sub5, sub6, sub7, sub8, sub9 from clicks where ${clickIdIs(input.clickId)}`,
      ),
    );
    if (!click) {
      // a click the retention dropped says so (docs/decisions/engine.md "Clicks partitioned by day")
      const days = await droppedClickDays(ctx.db, input.clickId, ctx.now());
      if (days) throw AppError.validation([bad('clickId', 'pattern', `The click is older than the ${days} days raw clicks are kept`)]);
    }
    if (!click || click.affiliate_id !== src.affiliateId) throw AppError.validation([bad('clickId', 'pattern', 'Unknown click id')]);
    campaignId ??= click.campaign_id as number;
    offerId ??= click.offer_id as number;
    landerId = (click.lander_id as number | null) ?? null;
    clickSubs = Array.from({ length: 9 }, (_, i) => (click[`sub${i + 1}`] as string | null) ?? null);
    testClick = click.is_test === true;
  }
  if (campaignId || input.campaignKey) {
    const c = campaignId ? await reads.campaignById(campaignId) : await reads.campaignByKey(input.campaignKey!);
    if (!c || c.affiliateId !== src.affiliateId)
      throw AppError.validation([bad(campaignId ? 'campaignId' : 'campaignKey', 'pattern', 'Unknown campaign')]);
    if (c.status !== 'active') throw AppError.business('The campaign is not active');
    if (offerId && offerId !== c.offerId) throw AppError.validation([bad('offerId', 'pattern', 'The offer is not the campaign’s offer')]);
    campaignId = c.id;
    offerId = c.offerId;
  }
  const offer = offerId ? await reads.offerFor(offerId, src.affiliateId) : null;
  if (!offer) throw AppError.forbidden('You have no access to this offer');
  if (offer.status !== 'active') throw AppError.business('The offer is not active');
  return { offerId: offer.id, campaignId, landerId, clickSubs, testClick };
}

function checkType(p: IncomingParameter, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return p.required ? 'required' : null;
  const s = String(value);
  const v = p.validation ?? {};
  if (v.minLength !== undefined && s.length < v.minLength) return 'minLength';
  if (v.maxLength !== undefined && s.length > v.maxLength) return 'maxlength';
  if (v.pattern && !new RegExp(v.pattern).test(s)) return 'pattern';
  switch (p.type) {
    case 'number': {
      const n = Number(s.replace(',', '.'));
      if (!Number.isFinite(n)) return 'number';
      if (v.min !== undefined && n < v.min) return 'min';
      if (v.max !== undefined && n > v.max) return 'noMore';
      return null;
    }
    case 'email':
      return EMAIL_RE.test(s) ? null : 'email';
    case 'phone':
      return rules.phone(s) === true ? null : 'phone';
    case 'country':
      return COUNTRIES.has(s.toUpperCase()) ? null : 'pattern';
    case 'ip':
      return rules.ip(s) === true ? null : 'ip';
    case 'url':
      return /^https?:\/\/\S+$/i.test(s) ? null : 'url';
    case 'date':
      return Number.isNaN(Date.parse(s)) ? 'pattern' : null;
    case 'boolean':
      return ['true', 'false', '1', '0'].includes(s.toLowerCase()) ? null : 'pattern';
    default:
      return null;
  }
}

/** the first failing inbound rule of each outcome */
function inboundFailures(
  list: InboundRule[],
  lead: { country: string | null; language: string | null; phoneValid: boolean; email: string | null; values: Record<string, unknown> },
) {
  const failed: { rule: InboundRule; text: string }[] = [];
  for (const rule of list) {
    const vals = rule.values.map((v) => v.toLowerCase());
    let text: string | null = null;
    if (rule.type === 'allowed_countries' && !(lead.country && vals.includes(lead.country.toLowerCase())))
      text = `Country ${lead.country ?? '(none)'} is not accepted`;
    if (rule.type === 'blocked_countries' && lead.country && vals.includes(lead.country.toLowerCase()))
      text = `Country ${lead.country} is not accepted`;
    if (rule.type === 'allowed_languages' && !(lead.language && vals.includes(lead.language.toLowerCase())))
      text = `Language ${lead.language ?? '(none)'} is not accepted`;
    if (rule.type === 'phone_valid_for_country' && !lead.phoneValid) text = 'The phone is not valid for the country';
    if (rule.type === 'email_domain_not_in' && lead.email && vals.includes(lead.email.split('@')[1]?.toLowerCase() ?? ''))
      text = 'The e-mail domain is not accepted';
    if (rule.type === 'required_fields') {
      const missing = rule.values.find((f) => lead.values[f] === undefined || lead.values[f] === null || lead.values[f] === '');
      if (missing) text = `The field ${missing} is required`;
    }
    if (text) failed.push({ rule, text });
  }
  return failed;
}

/** the lead values that the intake, the lead edit and the lead import check alike */
export type LeadValuesInput = Partial<Record<(typeof STANDARD)[number] | 'userAgent', string | null>> & {
  fields?: Record<string, unknown> | null;
};

export interface CheckedLeadValues {
  country: string | null;
  email: string | null;
  language: string | null;
  /** E.164 when valid (for the country), else as given */
  phone: string | null;
  phoneValid: boolean;
  /** the inbound rules that failed, in order (the caller decides: `rejected` refuses, `invalid` marks the lead) */
  failures: { rule: InboundRule; text: string }[];
}

/**
 * The standard fields' own formats, then the vertical's incoming parameters (400 with every error at once), then its
 * inbound rules. One rule for the lead API, the lead edit and the lead import (docs/decisions/engine.md).
 */
export function checkLeadValues(
  vertical: Pick<LeadVertical, 'incoming_parameters' | 'inbound_rules'>,
  input: LeadValuesInput,
): CheckedLeadValues {
  const errors: ApiErrorItem[] = [];
  const country = input.country?.toUpperCase() ?? null;
  if (country && !COUNTRIES.has(country)) errors.push(bad('country', 'pattern', 'Unknown country code'));
  const email = input.email?.toLowerCase() ?? null;
  if (email && !EMAIL_RE.test(email)) errors.push(bad('email', 'email'));
  if (input.ip && rules.ip(input.ip) !== true) errors.push(bad('ip', 'ip'));
  if (input.phone && rules.phone(input.phone) !== true) errors.push(bad('phone', 'phone'));
  const language = input.language ? normalizeLanguage(input.language.split('-')[0].toLowerCase()) : null;
  const values: Record<string, unknown> = { ...input.fields, ...Object.fromEntries(STANDARD.map((k) => [k, input[k] ?? undefined])) };
  for (const p of vertical.incoming_parameters ?? []) {
    const where = (STANDARD as readonly string[]).includes(p.name) ? p.name : `fields.${p.name}`;
    const code = checkType(p, values[p.name]);
    if (code && !errors.some((e) => e.loc.join('.') === `body.${where}`)) errors.push(bad(where, code));
  }
  if (errors.length) throw AppError.validation(errors);

  const parsed = input.phone ? parsePhoneNumberFromString(input.phone, (country ?? undefined) as CountryCode | undefined) : undefined;
  const phoneValid = !!parsed?.isValid() && (!country || parsed.country === country);
  const phone = parsed?.isValid() ? parsed.number : (input.phone ?? null);
  const failures = inboundFailures(vertical.inbound_rules ?? [], { country, language, phoneValid, email, values });
  return { country, email, language, phone, phoneValid, failures };
}

/**
 * Validates and stores a posted lead. With `queue`, the lead's events fire to the affiliate's postbacks (the lead API
 * always passes it).
 */
export async function acceptLead(ctx: Ctx, reads: EngineReads, input: LeadIntake, queue?: JobQueue): Promise<AcceptedLead> {
  const actor = requireActor(ctx);
  if (actor.roleType !== 'affiliate') throw AppError.forbidden('Only affiliates post leads');
  const nul = findNul(input);
  if (nul) throw AppError.validation([{ msg: 'pattern', type: 'A value contains a character that is not allowed', loc: ['body', ...nul] }]);
  const src = await reads.source(actor.id);
  if (src.trafficBlocked) throw AppError.forbidden('Your traffic is blocked');
  const target = await targetOf(ctx, reads, src, input);

  const vertical = (await reads.verticalOfOffer(target.offerId))!;
  const { settings } = vertical;

  const { country, email, language, phone, failures } = checkLeadValues(vertical, input);
  const rejected = failures.find((f) => f.rule.onFail === 'rejected');
  if (rejected) throw AppError.business(`The lead is rejected: ${rejected.text}`);
  const invalid = failures[0]?.text ?? null;

  // the status as if the lead were no duplicate; the insert statement itself finds a duplicate (lead-writer.ts)
  let status: AcceptedLead['status'] = 'new';
  let reason: string | null = null;
  let duplicates: LeadInsert['duplicates'] = null;
  // a lead on a test click is a test lead too, so a staff test of the whole path never reaches an advertiser or a count
  if (input.test || target.testClick) {
    if (!settings.acceptTestLeads)
      throw AppError.business(
        input.test ? 'This vertical does not take test leads' : 'This vertical does not take test leads, and the click is a test click',
      );
    status = 'test';
  } else {
    const byPhone = settings.duplicateFields.includes('phone') ? phone : null;
    const byEmail = settings.duplicateFields.includes('email') ? email : null;
    if (settings.duplicateWindowHours > 0 && (byPhone || byEmail))
      duplicates = { since: new Date(ctx.now().getTime() - settings.duplicateWindowHours * 3600_000), phone: byPhone, email: byEmail };
    if (invalid) {
      if (src.acceptInvalidLeads) reason = `${invalid} (accepted: the affiliate takes invalid leads)`;
      else {
        status = 'invalid';
        reason = invalid;
      }
    }
  }
  const hold = status === 'new' && country ? holdByRules(await reads.holdRules(country), ctx.now()) : null;
  if (hold) {
    status = 'hold';
    reason = `Held by the hold queue until ${hold.until.toISOString()}`;
  }
  const subs = Array.from({ length: 9 }, (_, i) => input[`sub${i + 1}` as keyof LeadIntake] ?? target.clickSubs[i] ?? null) as (
    string | null
  )[];
  const now = ctx.now();
  const lead: DistributableLead = {
    id: 0,
    status,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    phone,
    email,
    country,
    language,
    ip: input.ip ?? null,
    landing: input.landing ?? null,
    sourceUrl: input.sourceUrl ?? null,
    userAgent: input.userAgent ?? null,
    fields: input.fields ?? {},
    sub1: subs[0],
    sub2: subs[1],
    sub3: subs[2],
    sub4: subs[3],
    sub5: subs[4],
    sub6: subs[5],
    sub7: subs[6],
    sub8: subs[7],
    sub9: subs[8],
    clickId: input.clickId ?? null,
    campaignId: target.campaignId,
    offerId: target.offerId,
    affiliateId: src.affiliateId,
    teamId: src.teamId,
    landerId: target.landerId,
    deliveryAttempts: 0,
  };
  // the lead's events, as this status and as a duplicate (the statement decides); the lead id is filled in there
  let jobs: LeadInsert['jobs'] = [];
  let dupJobs: LeadInsert['dupJobs'] = [];
  if (queue && status !== 'test') {
    const targets = reads.postbackTargets();
    const subject = (s: string): LeadEventSubject => ({ ...lead, status: s, leadGrade: null, isTest: false });
    jobs = await leadEventJobs(targets, [{ lead: subject(status), from: null }], now);
    if (duplicates) dupJobs = await leadEventJobs(targets, [{ lead: subject('duplicate'), from: null }], now);
  }
  const writer = leadWriter(ctx.database);
  // one statement: the duplicate search, the lead, its first history entry and its events' postbacks. A lead to
  // distribute is inserted already leased to this request's run (the lease the claim would take), so no claim UPDATE
  // follows.
  const written = await writer.insert({
    ...lead,
    statusReason: reason,
    subs,
    verticalId: vertical.id,
    isTest: status === 'test',
    holdUntil: hold?.until ?? null,
    leaseUntil: status === 'new' ? new Date(now.getTime() + LEAD_LEASE_SECONDS * 1000) : null,
    createdAt: now,
    event: { status, reason, ...(hold ? { holdConfigId: hold.configId } : {}) },
    userId: actor.id,
    duplicates,
    jobs,
    dupJobs,
  });
  lead.id = written.id;
  if (written.duplicateOf !== null) {
    status = 'duplicate';
    // the earlier lead may be another affiliate's: its id stays with staff (the stored reason, duplicateOf)
    reason = AFFILIATE_DUPLICATE_REASON;
  }
  const distribute = status === 'new';
  return {
    id: lead.id,
    status,
    reason,
    distribute,
    redirectToAdvertiser: src.redirectToAdvertiser,
    thankYouPageUrl: vertical.redirect?.thankYouPageUrl ?? null,
    claimed: distribute ? lead : null,
  };
}

/** where the visitor goes, by the affiliate's redirect-to-advertiser setting (product §3 affiliate extras) */
export function redirectFor(
  lead: Pick<AcceptedLead, 'redirectToAdvertiser' | 'thankYouPageUrl'>,
  advertiserUrl: string | null,
): string | null {
  if (lead.redirectToAdvertiser === 'no_redirect') return null;
  if (lead.redirectToAdvertiser === 'via_thank_you_page' && lead.thankYouPageUrl) {
    if (!advertiserUrl) return lead.thankYouPageUrl;
    const u = new URL(lead.thankYouPageUrl);
    u.searchParams.set('redirect', advertiserUrl);
    return u.toString();
  }
  return advertiserUrl;
}
