/**
 * Lead intake (ARCHITECTURE §5 Lead steps 1–3, 5–6): who posts, for which offer, whether the lead meets its vertical
 * (incoming parameters, inbound rules), its status (test, duplicate, invalid, new, or hold when a hold-queue rule of
 * its geo is in its window: released by the hold-queue job, see hold-queue.jobs.ts), and the commit of the lead, its
 * first history entry and a safety-net delivery job in ONE transaction before any outbound call. The caller then runs
 * the distribution at once; if the process dies first, the job runs it later, so an accepted lead is never lost.
 */
import {
  EMAIL_RE,
  ISO_COUNTRY_CODES,
  LEAD_LEASE_SECONDS,
  normalizeLanguage,
  rules,
  verticalApiSettingsSection,
  type ApiErrorItem,
  type IncomingParameter,
  type InboundRule,
  type LeadIntake,
} from '@leadgrid/shared';
import { and, eq, gte, or, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { rowsOf } from '../../db/client';
import { leadEvents, leads } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { AppError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { holdAtIntake } from '../hold-queue/hold-release';
import { accessSql } from '../offers/visibility';
import { LEAD_DELIVER_JOB, type LeadDeliverJob } from './distribution';

const COUNTRIES: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);
const STANDARD = ['firstName', 'lastName', 'phone', 'email', 'country', 'language', 'ip', 'landing', 'sourceUrl'] as const;

interface Source {
  affiliateId: number;
  teamId: number | null;
  trafficBlocked: boolean;
  acceptInvalidLeads: boolean;
  redirectToAdvertiser: string;
}

export interface AcceptedLead {
  id: number;
  status: 'new' | 'test' | 'duplicate' | 'invalid' | 'hold';
  reason: string | null;
  /** the lead goes to distribution now */
  distribute: boolean;
  redirectToAdvertiser: string;
  thankYouPageUrl: string | null;
  /** the lead as inserted, already leased to this request's distribution run when it distributes (no claim needed) */
  claimed: typeof leads.$inferSelect | null;
}

const bad = (field: string, msg: string, text?: string): ApiErrorItem => ({ msg, type: text ?? msg, loc: ['body', ...field.split('.')] });

async function sourceOf(ctx: Ctx, affiliateId: number): Promise<Source> {
  const [row] = rowsOf<{ team_id: number | null; blocked: boolean; team_blocked: boolean | null; accept_invalid: boolean; redirect: string }>(
    await ctx.db.execute(sql`
      select tm.team_id, u.traffic_blocked as blocked, t.traffic_blocked as team_blocked, u.accept_invalid_leads as accept_invalid,
        u.redirect_to_advertiser as redirect
      from users u left join team_members tm on tm.user_id = u.id left join teams t on t.id = tm.team_id
      where u.id = ${affiliateId}`),
  );
  return {
    affiliateId,
    teamId: row?.team_id ?? null,
    trafficBlocked: !!row?.blocked || !!row?.team_blocked,
    acceptInvalidLeads: !!row?.accept_invalid,
    redirectToAdvertiser: row?.redirect ?? 'direct',
  };
}

interface Target {
  offerId: number;
  campaignId: number | null;
  landerId: number | null;
  clickSubs: (string | null)[];
}

/** the offer (and campaign) the lead is for: a campaign of the affiliate, a click of one, or an offer it can see */
async function targetOf(ctx: Ctx, src: Source, input: LeadIntake): Promise<Target> {
  let campaignId: number | null = input.campaignId ?? null;
  let landerId: number | null = null;
  let clickSubs: (string | null)[] = [];
  let offerId: number | null = input.offerId ?? null;
  if (input.clickId) {
    const [click] = rowsOf<Record<string, unknown>>(
      await ctx.db.execute(sql`select campaign_id, offer_id, affiliate_id, lander_id, sub1, sub2, sub3, sub4, sub5, sub6, sub7, sub8, sub9 from clicks where id = ${input.clickId}::uuid`),
    );
    if (!click || click.affiliate_id !== src.affiliateId) throw AppError.validation([bad('clickId', 'pattern', 'Unknown click id')]);
    campaignId ??= click.campaign_id as number;
    offerId ??= click.offer_id as number;
    landerId = (click.lander_id as number | null) ?? null;
    clickSubs = Array.from({ length: 9 }, (_, i) => (click[`sub${i + 1}`] as string | null) ?? null);
  }
  if (campaignId || input.campaignKey) {
    const [c] = rowsOf<{ id: number; offer_id: number; affiliate_id: number; status: string }>(
      await ctx.db.execute(
        campaignId
          ? sql`select id, offer_id, affiliate_id, status from campaigns where id = ${campaignId}`
          : sql`select id, offer_id, affiliate_id, status from campaigns where key = ${input.campaignKey}`,
      ),
    );
    if (!c || c.affiliate_id !== src.affiliateId) throw AppError.validation([bad(campaignId ? 'campaignId' : 'campaignKey', 'pattern', 'Unknown campaign')]);
    if (c.status !== 'active') throw AppError.business('The campaign is not active');
    if (offerId && offerId !== c.offer_id) throw AppError.validation([bad('offerId', 'pattern', 'The offer is not the campaign’s offer')]);
    campaignId = c.id;
    offerId = c.offer_id;
  }
  const [offer] = rowsOf<{ id: number; status: string }>(
    await ctx.db.execute(sql`select o.id, o.status from offers o where o.id = ${offerId} and ${accessSql(sql`o.id`, sql`o.access_type`, src.affiliateId)}`),
  );
  if (!offer) throw AppError.forbidden('You have no access to this offer');
  if (offer.status !== 'active') throw AppError.business('The offer is not active');
  return { offerId: offer.id, campaignId, landerId, clickSubs };
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
function inboundFailures(list: InboundRule[], lead: { country: string | null; language: string | null; phoneValid: boolean; email: string | null; values: Record<string, unknown> }) {
  const failed: { rule: InboundRule; text: string }[] = [];
  for (const rule of list) {
    const vals = rule.values.map((v) => v.toLowerCase());
    let text: string | null = null;
    if (rule.type === 'allowed_countries' && !(lead.country && vals.includes(lead.country.toLowerCase()))) text = `Country ${lead.country ?? '(none)'} is not accepted`;
    if (rule.type === 'blocked_countries' && lead.country && vals.includes(lead.country.toLowerCase())) text = `Country ${lead.country} is not accepted`;
    if (rule.type === 'allowed_languages' && !(lead.language && vals.includes(lead.language.toLowerCase()))) text = `Language ${lead.language ?? '(none)'} is not accepted`;
    if (rule.type === 'phone_valid_for_country' && !lead.phoneValid) text = 'The phone is not valid for the country';
    if (rule.type === 'email_domain_not_in' && lead.email && vals.includes(lead.email.split('@')[1]?.toLowerCase() ?? '')) text = 'The e-mail domain is not accepted';
    if (rule.type === 'required_fields') {
      const missing = rule.values.find((f) => lead.values[f] === undefined || lead.values[f] === null || lead.values[f] === '');
      if (missing) text = `The field ${missing} is required`;
    }
    if (text) failed.push({ rule, text });
  }
  return failed;
}

export async function acceptLead(ctx: Ctx, queue: JobQueue, input: LeadIntake): Promise<AcceptedLead> {
  const actor = requireActor(ctx);
  if (actor.roleType !== 'affiliate') throw AppError.forbidden('Only affiliates post leads');
  const src = await sourceOf(ctx, actor.id);
  if (src.trafficBlocked) throw AppError.forbidden('Your traffic is blocked');
  const target = await targetOf(ctx, src, input);

  const [vertical] = rowsOf<{ id: number; incoming_parameters: IncomingParameter[]; inbound_rules: InboundRule[]; api_settings: unknown; redirect: { thankYouPageUrl?: string } }>(
    await ctx.db.execute(sql`select v.id, v.incoming_parameters, v.inbound_rules, v.api_settings, v.redirect from verticals v join offers o on o.vertical_id = v.id where o.id = ${target.offerId}`),
  );
  const settings = verticalApiSettingsSection.parse(vertical.api_settings ?? {});

  // the standard fields' own formats, then the vertical's parameters
  const errors: ApiErrorItem[] = [];
  const country = input.country?.toUpperCase() ?? null;
  if (country && !COUNTRIES.has(country)) errors.push(bad('country', 'pattern', 'Unknown country code'));
  const email = input.email?.toLowerCase() ?? null;
  if (email && !EMAIL_RE.test(email)) errors.push(bad('email', 'email'));
  if (input.ip && rules.ip(input.ip) !== true) errors.push(bad('ip', 'ip'));
  if (input.phone && rules.phone(input.phone) !== true) errors.push(bad('phone', 'phone'));
  const language = input.language ? normalizeLanguage(input.language.split('-')[0].toLowerCase()) : null;
  const values: Record<string, unknown> = { ...input.fields, ...Object.fromEntries(STANDARD.map((k) => [k, input[k]])) };
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
  const rejected = failures.find((f) => f.rule.onFail === 'rejected');
  if (rejected) throw AppError.business(`The lead is rejected: ${rejected.text}`);
  const invalid = failures[0]?.text ?? null;

  let status: AcceptedLead['status'] = 'new';
  let reason: string | null = null;
  let duplicateOf: number | null = null;
  if (input.test) {
    if (!settings.acceptTestLeads) throw AppError.business('This vertical does not take test leads');
    status = 'test';
  } else {
    if (settings.duplicateWindowHours > 0) {
      const since = new Date(ctx.now().getTime() - settings.duplicateWindowHours * 3600_000);
      const keys = [
        settings.duplicateFields.includes('phone') && phone ? eq(leads.phone, phone) : undefined,
        settings.duplicateFields.includes('email') && email ? eq(leads.email, email) : undefined,
      ].filter(Boolean);
      if (keys.length) {
        const [dup] = await ctx.db
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.verticalId, vertical.id), gte(leads.createdAt, since), or(...keys), sql`${leads.status} not in ('test', 'duplicate')`))
          .orderBy(leads.id)
          .limit(1);
        if (dup) {
          status = 'duplicate';
          duplicateOf = dup.id;
          reason = `Duplicate of lead ${dup.id}`;
        }
      }
    }
    if (status === 'new' && invalid) {
      if (src.acceptInvalidLeads) reason = `${invalid} (accepted: the affiliate takes invalid leads)`;
      else {
        status = 'invalid';
        reason = invalid;
      }
    }
  }
  const hold = status === 'new' ? await holdAtIntake(ctx.db, country, ctx.now()) : null;
  if (hold) {
    status = 'hold';
    reason = `Held by the hold queue until ${hold.until.toISOString()}`;
  }
  const distribute = status === 'new';
  const subs = Array.from({ length: 9 }, (_, i) => input[`sub${i + 1}` as keyof LeadIntake] ?? target.clickSubs[i] ?? null) as (string | null)[];

  const inserted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({
        status,
        statusReason: reason,
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
        ...Object.fromEntries(subs.map((v, i) => [`sub${i + 1}`, v])),
        clickId: input.clickId ?? null,
        campaignId: target.campaignId,
        offerId: target.offerId,
        verticalId: vertical.id,
        affiliateId: src.affiliateId,
        teamId: src.teamId,
        landerId: target.landerId,
        isTest: status === 'test',
        duplicateOf,
        holdUntil: hold?.until ?? null,
        // inserted already leased to the request's own run (the lease the claim would take), so no claim UPDATE follows
        deliveryLeaseUntil: distribute ? new Date(ctx.now().getTime() + LEAD_LEASE_SECONDS * 1000) : null,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    await tx.insert(leadEvents).values({ leadId: row.id, type: 'created', data: { status, reason, ...(hold ? { holdConfigId: hold.configId } : {}) }, userId: actor.id, createdAt: ctx.now() });
    // the safety net: runs the distribution if this process dies before it does (a finished run makes it a no-op)
    if (distribute)
      await queue.send<LeadDeliverJob>(LEAD_DELIVER_JOB, { leadId: row.id }, { db: tx, startAfter: new Date(ctx.now().getTime() + LEAD_LEASE_SECONDS * 1000) });
    return row;
  });
  return {
    id: inserted.id,
    status,
    reason,
    distribute,
    redirectToAdvertiser: src.redirectToAdvertiser,
    thankYouPageUrl: vertical.redirect?.thankYouPageUrl ?? null,
    claimed: distribute ? inserted : null,
  };
}

/** where the visitor goes, by the affiliate's redirect-to-advertiser setting (spec §3 affiliate extras) */
export function redirectFor(lead: Pick<AcceptedLead, 'redirectToAdvertiser' | 'thankYouPageUrl'>, advertiserUrl: string | null): string | null {
  if (lead.redirectToAdvertiser === 'no_redirect') return null;
  if (lead.redirectToAdvertiser === 'via_thank_you_page' && lead.thankYouPageUrl) {
    if (!advertiserUrl) return lead.thankYouPageUrl;
    const u = new URL(lead.thankYouPageUrl);
    u.searchParams.set('redirect', advertiserUrl);
    return u.toString();
  }
  return advertiserUrl;
}
