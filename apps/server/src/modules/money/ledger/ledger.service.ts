/**
 * The money ledger (docs/decisions/money.md): append-only entries per party, currency and bucket, kept by the
 * database function ledger_sync() (migration 0016). Conversions call it from their own triggers; invoices and
 * adjustments call `sync` here inside the transaction of their cause. Balances are sums of entries.
 */
import { LEDGER_BUCKETS, addMoney, roundMoney, type LedgerBucket, type LedgerKind, type PartyType } from '@leadgrid/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

export interface SyncInput {
  conversionIds?: readonly number[];
  adjustmentIds?: readonly number[];
  kind: LedgerKind;
  invoiceId?: number | null;
  userId?: number | null;
}

const bigintArray = (ids: readonly number[] | undefined) => (ids?.length ? `{${ids.map((n) => Math.trunc(n)).join(',')}}` : null);

/** Appends the entries that bring the given conversions and adjustments to their position; answers how many. */
export async function sync(tx: DbOrTx, input: SyncInput): Promise<number> {
  if (!input.conversionIds?.length && !input.adjustmentIds?.length) return 0;
  const rows = await tx.execute(
    sql`select ledger_sync(${bigintArray(input.conversionIds)}::bigint[], ${bigintArray(input.adjustmentIds)}::integer[], ${input.kind}, ${input.invoiceId ?? null}::integer, coalesce(${input.userId ?? null}::integer, ledger_actor())) as n`,
  );
  return Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
}

/** Names who causes the conversion changes of this transaction (the conversions' triggers read it). */
export async function setActor(tx: DbOrTx, userId: number | null | undefined): Promise<void> {
  if (userId) await tx.execute(sql`select set_config('leadgrid.user_id', ${String(userId)}, true)`);
}

/** Whether any money entry exists (the base currency is fixed from then on). */
export async function hasEntries(db: DbOrTx): Promise<boolean> {
  return rowsOf(await db.execute<{ x: number }>(sql`select 1 as x from ledger_entries limit 1`)).length > 0;
}

/** node-postgres answers `{rows}`, PGlite too; drizzle's execute type differs per driver */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export type Figures = Record<LedgerBucket, string>;
export interface PartyFigures {
  /** base currency sums */
  base: Figures;
  /** per currency, in that currency */
  currencies: Map<string, Figures>;
}

export const zeroFigures = (): Figures => Object.fromEntries(LEDGER_BUCKETS.map((b) => [b, '0'])) as Figures;

/** The sums of the entries of the given parties (all of the type when `partyIds` is undefined). */
export async function partyFigures(db: DbOrTx, partyType: PartyType, partyIds?: readonly number[]): Promise<Map<number, PartyFigures>> {
  if (partyIds && !partyIds.length) return new Map();
  const ids = partyIds ? sql`and party_id = any(${bigintArray(partyIds)}::integer[])` : sql``;
  const rows = rowsOf<{ party_id: number; currency: string; bucket: LedgerBucket; amount: string; base_amount: string }>(
    await db.execute(sql`select party_id, currency, bucket, sum(amount)::text as amount, sum(base_amount)::text as base_amount
      from ledger_entries where party_type = ${partyType} ${ids} group by party_id, currency, bucket`),
  );
  const out = new Map<number, PartyFigures>();
  for (const r of rows) {
    const id = Number(r.party_id);
    let p = out.get(id);
    if (!p) out.set(id, (p = { base: zeroFigures(), currencies: new Map() }));
    let c = p.currencies.get(r.currency);
    if (!c) p.currencies.set(r.currency, (c = zeroFigures()));
    c[r.bucket] = addMoney(c[r.bucket], r.amount);
    p.base[r.bucket] = addMoney(p.base[r.bucket], r.base_amount);
  }
  return out;
}

/** The approved entries per source of one party: what a new invoice may carry. */
export interface OpenSource {
  conversionId: number | null;
  adjustmentId: number | null;
  currency: string;
  amount: string;
  baseAmount: string;
  /** the conversion (or adjustment) time: the rates of that time convert it */
  at: Date;
  /** a conversion already in a live invoice of this side (what is open is a clawback) */
  invoiced: boolean;
  reason: string | null;
}

export async function openSources(db: DbOrTx, partyType: PartyType, partyId: number): Promise<OpenSource[]> {
  const rows = rowsOf<{
    conversion_id: string | null;
    adjustment_id: number | null;
    currency: string;
    amount: string;
    base_amount: string;
    at: string | Date;
    invoiced: boolean;
    reason: string | null;
  }>(
    await db.execute(sql`select e.conversion_id, e.adjustment_id, e.currency, sum(e.amount)::text as amount, sum(e.base_amount)::text as base_amount,
        coalesce(c.created_at, j.created_at) as at,
        exists (select 1 from invoice_items ii where ii.live and ii.kind = 'conversion' and ii.conversion_id = e.conversion_id
          and ii.party_type = ${partyType}) as invoiced,
        j.reason
      from ledger_entries e
      left join conversions c on c.id = e.conversion_id
      left join ledger_adjustments j on j.id = e.adjustment_id
      where e.party_type = ${partyType} and e.party_id = ${partyId} and e.bucket = 'approved'
        and (e.conversion_id is not null or e.adjustment_id is not null)
      group by e.conversion_id, e.adjustment_id, e.currency, c.created_at, j.created_at, j.reason
      having sum(e.amount) <> 0 or sum(e.base_amount) <> 0
      order by coalesce(c.created_at, j.created_at), e.conversion_id, e.adjustment_id`),
  );
  return rows.map((r) => ({
    conversionId: r.conversion_id === null ? null : Number(r.conversion_id),
    adjustmentId: r.adjustment_id === null ? null : Number(r.adjustment_id),
    currency: r.currency,
    amount: roundMoney(r.amount),
    baseAmount: roundMoney(r.base_amount),
    at: new Date(r.at),
    invoiced: !!r.invoiced,
    reason: r.reason,
  }));
}

/**
 * The invariants of the ledger, checked from the rows (tests and the property test call it). Answers the broken ones:
 * - per party and currency, hold + approved + requested + paid = the amounts of the non-rejected conversions plus the
 *   adjustments;
 * - per source, the entries equal the position ledger_sync computes (nothing left to write);
 * - no conversion (per side) and no adjustment is in two live invoices, and a declined invoice holds none;
 * - an invoice's live items add up to its amount (advances excepted).
 */
export async function verify(db: DbOrTx, scope?: { affiliateIds: readonly number[]; advertiserIds: readonly number[] }): Promise<string[]> {
  const problems: string[] = [];
  const aff = bigintArray(scope?.affiliateIds) ?? '{}';
  const adv = bigintArray(scope?.advertiserIds) ?? '{}';
  const party = (type: SQL, id: SQL) =>
    scope
      ? sql`((${type} = 'affiliate' and ${id} = any(${aff}::integer[])) or (${type} = 'advertiser' and ${id} = any(${adv}::integer[])))`
      : sql`true`;
  const totals = rowsOf<{ party_type: string; party_id: number; currency: string; ledger: string; source: string }>(
    await db.execute(sql`with l as (
        select party_type, party_id, currency, sum(amount) as s from ledger_entries where bucket <> 'advance' and ${party(sql`party_type`, sql`party_id`)} group by 1, 2, 3
      ), s as (
        select party_type, party_id, currency, sum(amount) as s from (
          select 'affiliate'::varchar as party_type, affiliate_id as party_id, payout_currency as currency, payout as amount from conversions
          where status <> 4 ${scope ? sql`and affiliate_id = any(${aff}::integer[])` : sql``}
          union all
          select 'advertiser', advertiser_id, revenue_currency, revenue from conversions
          where status <> 4 and advertiser_id is not null ${scope ? sql`and advertiser_id = any(${adv}::integer[])` : sql``}
          union all
          select party_type, party_id, currency, amount from ledger_adjustments where ${party(sql`party_type`, sql`party_id`)}
        ) x group by 1, 2, 3
      )
      select coalesce(l.party_type, s.party_type) as party_type, coalesce(l.party_id, s.party_id) as party_id,
        coalesce(l.currency, s.currency) as currency, coalesce(l.s, 0)::text as ledger, coalesce(s.s, 0)::text as source
      from l full join s on l.party_type = s.party_type and l.party_id = s.party_id and l.currency = s.currency
      where coalesce(l.s, 0) <> coalesce(s.s, 0) and ${party(sql`coalesce(l.party_type, s.party_type)`, sql`coalesce(l.party_id, s.party_id)`)}`),
  );
  for (const r of totals)
    problems.push(`${r.party_type} ${r.party_id} ${r.currency}: ledger ${r.ledger} <> conversions and adjustments ${r.source}`);
  const twice = rowsOf<{ conversion_id: string; party_type: string }>(
    await db.execute(sql`select conversion_id, party_type from invoice_items where live and kind = 'conversion' and ${party(sql`party_type`, sql`party_id`)}
      group by 1, 2 having count(*) > 1`),
  );
  for (const r of twice) problems.push(`conversion ${r.conversion_id} is in two live ${r.party_type} invoices`);
  const stale = rowsOf<{ id: number }>(
    await db.execute(sql`select distinct i.id from invoices i join invoice_items ii on ii.invoice_id = i.id
      where ii.live and i.status = 'declined' and ${party(sql`i.type`, sql`coalesce(i.affiliate_id, i.advertiser_id)`)}`),
  );
  for (const r of stale) problems.push(`declined invoice ${r.id} still holds its items`);
  const sums = rowsOf<{ id: number; amount: string; items: string }>(
    await db.execute(sql`select i.id, i.amount::text, coalesce(sum(ii.invoice_amount), 0)::text as items from invoices i
      left join invoice_items ii on ii.invoice_id = i.id where i.advance_amount is null and ${party(sql`i.type`, sql`coalesce(i.affiliate_id, i.advertiser_id)`)}
      group by i.id having i.amount <> coalesce(sum(ii.invoice_amount), 0)`),
  );
  for (const r of sums) problems.push(`invoice ${r.id}: amount ${r.amount} <> its items ${r.items}`);
  // a dry run of ledger_sync in a savepoint: nothing may be left to write
  const pending = await db
    .transaction(async (tx) => {
      const n = await sync(tx, {
        conversionIds: rowsOf<{ id: string }>(
          await tx.execute(
            scope
              ? sql`select id from conversions where affiliate_id = any(${aff}::integer[]) or advertiser_id = any(${adv}::integer[])`
              : sql`select id from conversions`,
          ),
        ).map((r) => Number(r.id)),
        adjustmentIds: rowsOf<{ id: number }>(
          await tx.execute(sql`select id from ledger_adjustments where ${party(sql`party_type`, sql`party_id`)}`),
        ).map((r) => Number(r.id)),
        kind: 'backfill',
      });
      throw new DryRun(n);
    })
    .catch((err: unknown) => {
      if (err instanceof DryRun) return err.n;
      throw err;
    });
  if (pending) problems.push(`${pending} entries missing: the ledger is behind its sources`);
  return problems;
}

class DryRun extends Error {
  constructor(readonly n: number) {
    super('dry run');
  }
}
