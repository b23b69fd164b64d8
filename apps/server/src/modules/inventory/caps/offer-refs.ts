/**
 * Checks shared by caps and payment rules: what they point at must belong to their offer. A goal of the offer's
 * vertical, a payment model that is global or of that vertical, active currencies, and in the sieve advertisers that
 * are targets of the offer, affiliates that are affiliate users and teams that exist. Each failure is a field error
 * at its place in the request.
 */
import type { ApiErrorItem, Sieve } from '@leadgrid/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { currencies, offerAdvertisers, offers, paymentModels, roles, teams, users, verticalGoals } from '../../../db/schema';
import type { Ctx } from '../../../http/context';

export type Loc = (string | number)[];
export interface OfferRef {
  id: number;
  verticalId: number;
  status: string;
}

/** one item to check: only the references it sets (or changes) are given */
export interface RefCheck {
  /** where the item sits in the request, e.g. ['body', 'items', 0] */
  at: Loc;
  offer: OfferRef;
  goalId?: number | null;
  paymentModelId?: number | null;
  /** currency codes by field name */
  currencies?: Record<string, string | null | undefined>;
  sieve?: Pick<Sieve, 'advertiserIds' | 'affiliateIds' | 'teamIds'>;
}

export async function loadOffers(ctx: Ctx, ids: readonly number[]): Promise<Map<number, OfferRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await ctx.db
    .select({ id: offers.id, verticalId: offers.verticalId, status: offers.status })
    .from(offers)
    .where(inArray(offers.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

const uniq = <T>(xs: (T | null | undefined)[]) => [...new Set(xs.filter((x): x is T => x !== null && x !== undefined))];

export async function referenceErrors(ctx: Ctx, checks: readonly RefCheck[]): Promise<ApiErrorItem[]> {
  const goalIds = uniq(checks.map((c) => c.goalId));
  const modelIds = uniq(checks.map((c) => c.paymentModelId));
  const codes = uniq(checks.flatMap((c) => Object.values(c.currencies ?? {})));
  const offerIds = uniq(checks.filter((c) => c.sieve?.advertiserIds.length).map((c) => c.offer.id));
  const affiliateIds = uniq(checks.flatMap((c) => c.sieve?.affiliateIds ?? []));
  const teamIds = uniq(checks.flatMap((c) => c.sieve?.teamIds ?? []));
  const [goalRows, modelRows, currencyRows, targetRows, affiliateRows, teamRows] = await Promise.all([
    goalIds.length
      ? ctx.db
          .select({ id: verticalGoals.id, verticalId: verticalGoals.verticalId })
          .from(verticalGoals)
          .where(inArray(verticalGoals.id, goalIds))
      : [],
    modelIds.length
      ? ctx.db
          .select({ id: paymentModels.id, verticalId: paymentModels.verticalId, status: paymentModels.status })
          .from(paymentModels)
          .where(inArray(paymentModels.id, modelIds))
      : [],
    codes.length
      ? ctx.db
          .select({ code: currencies.code })
          .from(currencies)
          .where(and(inArray(currencies.code, codes), eq(currencies.status, 'active')))
      : [],
    offerIds.length
      ? ctx.db
          .select({ offerId: offerAdvertisers.offerId, advertiserId: offerAdvertisers.advertiserId })
          .from(offerAdvertisers)
          .where(inArray(offerAdvertisers.offerId, offerIds))
      : [],
    affiliateIds.length
      ? ctx.db
          .select({ id: users.id })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(and(inArray(users.id, affiliateIds), eq(roles.type, 'affiliate')))
      : [],
    teamIds.length ? ctx.db.select({ id: teams.id }).from(teams).where(inArray(teams.id, teamIds)) : [],
  ]);
  const goals = new Map(goalRows.map((g) => [g.id, g.verticalId]));
  const models = new Map(modelRows.map((m) => [m.id, m]));
  const activeCodes = new Set(currencyRows.map((c) => c.code));
  const targets = new Set(targetRows.map((r) => `${r.offerId} ${r.advertiserId}`));
  const affiliates = new Set(affiliateRows.map((r) => r.id));
  const teamSet = new Set(teamRows.map((r) => r.id));

  const errors: ApiErrorItem[] = [];
  for (const c of checks) {
    const at = (...rest: Loc) => [...c.at, ...rest];
    if (c.goalId) {
      const vertical = goals.get(c.goalId);
      if (vertical === undefined) errors.push({ msg: 'required', type: 'exists', loc: at('goalId') });
      else if (vertical !== c.offer.verticalId) errors.push({ msg: 'pattern', type: 'goal_of_other_vertical', loc: at('goalId') });
    }
    if (c.paymentModelId) {
      const model = models.get(c.paymentModelId);
      if (!model) errors.push({ msg: 'required', type: 'exists', loc: at('paymentModelId') });
      else if (model.verticalId !== null && model.verticalId !== c.offer.verticalId)
        errors.push({ msg: 'pattern', type: 'payment_model_of_other_vertical', loc: at('paymentModelId') });
      else if (model.status !== 'active') errors.push({ msg: 'pattern', type: 'inactive_payment_model', loc: at('paymentModelId') });
    }
    for (const [field, code] of Object.entries(c.currencies ?? {}))
      if (code && !activeCodes.has(code)) errors.push({ msg: 'pattern', type: 'active_currency', loc: at(field) });
    c.sieve?.advertiserIds.forEach((id, j) => {
      if (!targets.has(`${c.offer.id} ${id}`))
        errors.push({ msg: 'pattern', type: 'offer_advertiser', loc: at('sieve', 'advertiserIds', j) });
    });
    c.sieve?.affiliateIds.forEach((id, j) => {
      if (!affiliates.has(id)) errors.push({ msg: 'required', type: 'affiliate', loc: at('sieve', 'affiliateIds', j) });
    });
    c.sieve?.teamIds.forEach((id, j) => {
      if (!teamSet.has(id)) errors.push({ msg: 'required', type: 'exists', loc: at('sieve', 'teamIds', j) });
    });
  }
  return errors;
}
