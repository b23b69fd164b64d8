/**
 * Currencies: the management list, look-ups every signed-in user may read (all, rate by code, active rates,
 * active for invoice creation, conversion at a moment), create, edit and status change.
 * A currency's `rate` is its units per one base unit; the base currency (settings `baseCurrency`) keeps rate 1 and
 * stays active. Every rate change appends to `currency_rates`, so an amount converts at the rate of its time.
 */
import {
  CURRENCY_STATUSES,
  compareMoney,
  convert as convertAmount,
  normalizeDecimal,
  type ApiErrorItem,
  type ConvertAnswer,
  type Currency,
  type convertQuery,
  type currencyCreate,
  type currencyListQuery,
  type currencyRatesQuery,
  type currencyUpdate,
} from '@leadgrid/shared';
import { and, asc, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { currencies, currencyRates, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError, isUniqueViolation } from '../../../http/errors';
import { parseList, sortedByName, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { changeStatuses, lockById, reloadByIds } from '../../../lib/rows';
import { getSetting } from '../../settings/general';
import { contains } from '../../../lib/search';
import { listPage } from '../../../lib/lists';

type CurrencyRow = typeof currencies.$inferSelect;
type ListInput = z.infer<typeof currencyListQuery>;
type CreateInput = z.infer<typeof currencyCreate>;
type UpdateInput = z.infer<typeof currencyUpdate>;
type Status = (typeof CURRENCY_STATUSES)[number];

const LIST: ListSpec = {
  orderBy: {
    ...sortedByName(currencies, 'id', 'code', 'rate', 'rateUpdatedAt', 'status', 'createdAt'),
    name: sql`lower(${currencies.name})`,
    title: sql`lower(${currencies.title})`,
  },
  defaultOrder: 'code:asc',
  statuses: CURRENCY_STATUSES,
};
const DUPLICATE = 'A currency with this code already exists';
const BASE_RATE = 'The base currency always has rate 1: choose another base currency in the payment settings first';
const BASE_STATUS = 'The base currency cannot be deactivated: choose another base currency in the payment settings first';

/** The network's base currency code (settings), as carried in the access token. */
export async function baseCurrencyCode(ctx: Pick<Ctx, 'db' | 'config'>): Promise<string> {
  return (await getSetting(ctx.db, 'baseCurrency')) ?? ctx.config.BASE_CURRENCY;
}

export function toCurrency(row: CurrencyRow, base: string): Currency {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    title: row.title,
    symbol: row.symbol,
    symbolNative: row.symbolNative,
    rate: normalizeDecimal(row.rate),
    rateUpdatedAt: toSeconds(row.rateUpdatedAt)!,
    status: row.status as Status,
    isBase: row.code === base,
    createdAt: toSeconds(row.createdAt)!,
  };
}

export async function list(ctx: Ctx, q: ListInput) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(currencies.status, p.statuses) : undefined,
    p.search
      ? or(
          sql`${currencies.code} ILIKE ${contains(p.search)}`,
          sql`${currencies.name} ILIKE ${contains(p.search)}`,
          sql`${currencies.title} ILIKE ${contains(p.search)}`,
        )
      : undefined,
  );
  const base = await baseCurrencyCode(ctx);
  return listPage(ctx, p, {
    table: currencies,
    where,
    query: ctx.db.select().from(currencies).$dynamic(),
    map: (r) => toCurrency(r, base),
  });
}

/** Every currency, any status (the layout loads it on mount to show symbols and names). */
export async function all(ctx: Ctx) {
  const base = await baseCurrencyCode(ctx);
  const rows = await ctx.db.select().from(currencies).orderBy(asc(currencies.code));
  return { items: rows.map((r) => toCurrency(r, base)) };
}

/** Active currencies for the invoice form, the base currency first. */
export async function activeForInvoice(ctx: Ctx) {
  const base = await baseCurrencyCode(ctx);
  const rows = await ctx.db
    .select()
    .from(currencies)
    .where(eq(currencies.status, 'active'))
    .orderBy(sql`${currencies.code} = ${base} DESC`, asc(currencies.code));
  return { items: rows.map((r) => toCurrency(r, base)) };
}

export async function activeRates(ctx: Ctx) {
  const rows = await ctx.db
    .select({ code: currencies.code, rate: currencies.rate, rateUpdatedAt: currencies.rateUpdatedAt })
    .from(currencies)
    .where(eq(currencies.status, 'active'))
    .orderBy(asc(currencies.code));
  return { items: rows.map((r) => ({ code: r.code, rate: normalizeDecimal(r.rate), rateUpdatedAt: toSeconds(r.rateUpdatedAt)! })) };
}

export async function rateByCode(ctx: Ctx, code: string) {
  const [row] = await ctx.db.select().from(currencies).where(eq(currencies.code, code)).limit(1);
  if (!row) throw AppError.notFound('Currency');
  return { code: row.code, rate: normalizeDecimal(row.rate), rateUpdatedAt: toSeconds(row.rateUpdatedAt)! };
}

export async function get(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select().from(currencies).where(eq(currencies.id, id)).limit(1);
  if (!row) throw AppError.notFound('Currency');
  return toCurrency(row, await baseCurrencyCode(ctx));
}

/** The rate history of one currency, newest first. */
export async function rates(ctx: Ctx, id: number, q: z.infer<typeof currencyRatesQuery>) {
  await get(ctx, id);
  const rows = await ctx.db
    .select({ rate: currencyRates, author: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(currencyRates)
    .leftJoin(users, eq(users.id, currencyRates.createdBy))
    .where(eq(currencyRates.currencyId, id))
    .orderBy(desc(currencyRates.validFrom), desc(currencyRates.id))
    .limit(q.limit)
    .offset(q.offset);
  const items = rows.map(({ rate: r, author }) => ({
    id: r.id,
    rate: normalizeDecimal(r.rate),
    validFrom: toSeconds(r.validFrom)!,
    createdBy: author,
  }));
  if (!q.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(currencyRates).where(eq(currencyRates.currencyId, id));
  return { items, meta: { totalCount: n } };
}

/**
 * The rate of a currency valid at `at`: the newest history entry not after `at`. A currency without history (a row
 * written outside this service) falls back to its current rate from `rateUpdatedAt` on.
 */
async function rateAt(ctx: Ctx, row: CurrencyRow, at: Date): Promise<string> {
  const [hit] = await ctx.db
    .select({ rate: currencyRates.rate })
    .from(currencyRates)
    .where(and(eq(currencyRates.currencyId, row.id), lte(currencyRates.validFrom, at)))
    .orderBy(desc(currencyRates.validFrom), desc(currencyRates.id))
    .limit(1);
  if (hit) return normalizeDecimal(hit.rate);
  if (row.rateUpdatedAt.getTime() <= at.getTime()) {
    const [any] = await ctx.db.select({ id: currencyRates.id }).from(currencyRates).where(eq(currencyRates.currencyId, row.id)).limit(1);
    if (!any) return normalizeDecimal(row.rate);
  }
  throw AppError.business(`No rate of ${row.code} is known at ${at.toISOString().replace(/\.\d{3}Z$/, 'Z')}`);
}

/** Converts an amount between two currencies with the rates valid at `at` (seconds; default now). */
export async function convert(ctx: Ctx, q: z.infer<typeof convertQuery>): Promise<ConvertAnswer> {
  // `at` in seconds covers its whole second: a rate set at 12:00:00.400 is valid "at 12:00:00"
  const at = q.at !== undefined ? new Date(q.at * 1000 + 999) : ctx.now();
  const rows = await ctx.db
    .select()
    .from(currencies)
    .where(inArray(currencies.code, [q.from, q.to]));
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const errors: ApiErrorItem[] = (['from', 'to'] as const)
    .filter((k) => !byCode.has(q[k]))
    .map((k) => ({ msg: `Unknown currency ${q[k]}`, type: 'notFound', loc: ['querystring', k] }));
  if (errors.length) throw new AppError('VALIDATION', errors[0].msg, errors);
  const fromRate = await rateAt(ctx, byCode.get(q.from)!, at);
  const toRate = q.from === q.to ? fromRate : await rateAt(ctx, byCode.get(q.to)!, at);
  return {
    amount: normalizeDecimal(q.amount),
    from: q.from,
    to: q.to,
    fromRate,
    toRate,
    result: q.from === q.to ? normalizeDecimal(q.amount) : convertAmount(q.amount, fromRate, toRate),
    at: q.at ?? toSeconds(at)!,
  };
}

async function duplicateErrors(ctx: Ctx, codes: string[]): Promise<ApiErrorItem[]> {
  const existing = new Set(
    (await ctx.db.select({ code: currencies.code }).from(currencies).where(inArray(currencies.code, codes))).map((r) => r.code),
  );
  const seen = new Set<string>();
  const errors: ApiErrorItem[] = [];
  codes.forEach((code, i) => {
    if (existing.has(code) || seen.has(code)) errors.push({ msg: 'unique', type: 'unique', loc: ['body', 'items', i, 'code'] });
    seen.add(code);
  });
  return errors;
}

export async function create(ctx: Ctx, items: CreateInput[]) {
  const actor = requireActor(ctx);
  const errors = await duplicateErrors(
    ctx,
    items.map((x) => x.code),
  );
  const base = await baseCurrencyCode(ctx);
  items.forEach((x, i) => {
    if (x.code !== base) return;
    if (compareMoney(x.rate, '1') !== 0) errors.push({ msg: BASE_RATE, type: 'match', loc: ['body', 'items', i, 'rate'] });
    if (x.status !== 'active') errors.push({ msg: BASE_STATUS, type: 'match', loc: ['body', 'items', i, 'status'] });
  });
  if (errors.length) throw new AppError('VALIDATION', errors[0].msg === 'unique' ? DUPLICATE : errors[0].msg, errors);
  const at = ctx.now();
  const ids = await ctx.db.transaction(async (tx) => {
    const created: number[] = [];
    for (const [i, x] of items.entries()) {
      try {
        const [row] = await tx
          .insert(currencies)
          .values({
            code: x.code,
            name: x.name,
            title: x.title,
            symbol: x.symbol,
            symbolNative: x.symbolNative ?? x.symbol,
            rate: x.rate,
            rateUpdatedAt: at,
            rateUpdatedBy: actor.id,
            status: x.status,
            createdAt: at,
          })
          .returning({ id: currencies.id });
        created.push(row.id);
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.field(['body', 'items', i, 'code'], 'unique', DUPLICATE);
        throw err;
      }
    }
    await tx
      .insert(currencyRates)
      .values(items.map((x, i) => ({ currencyId: created[i], rate: x.rate, validFrom: at, createdBy: actor.id })));
    await recordAudits(
      { ...ctx, db: tx },
      items.map((x, i) => ({
        entity: 'currency',
        entityId: created[i],
        action: 'create',
        changes: { ...x, symbolNative: x.symbolNative ?? x.symbol },
      })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

export async function update(ctx: Ctx, items: UpdateInput[]) {
  const actor = requireActor(ctx);
  const at = ctx.now();
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    // lock first, then read the base: a concurrent change of the base currency has either committed or waits
    const current = await lockById<CurrencyRow>(
      c,
      currencies,
      currencies.id,
      items.map((x) => x.id),
      'Currency',
      { ordered: true },
    );
    const base = await baseCurrencyCode(c);
    const errors: ApiErrorItem[] = [];
    items.forEach((x, i) => {
      if (x.code !== undefined && x.code !== current.get(x.id)!.code) {
        errors.push({ msg: 'The code of a currency cannot change', type: 'readonly', loc: ['body', 'items', i, 'code'] });
      }
    });
    if (errors.length) throw new AppError('VALIDATION', errors[0].msg, errors);
    const audits: AuditEntry[] = [];
    const history: (typeof currencyRates.$inferInsert)[] = [];
    for (const x of items) {
      const row = current.get(x.id)!;
      const rateChanged = x.rate !== undefined && compareMoney(x.rate, row.rate) !== 0;
      if (rateChanged && row.code === base) throw AppError.business(BASE_RATE);
      const changes = diffFields(
        { name: row.name, title: row.title, symbol: row.symbol, symbolNative: row.symbolNative, rate: normalizeDecimal(row.rate) },
        {
          name: x.name,
          title: x.title,
          symbol: x.symbol,
          symbolNative: x.symbolNative,
          rate: rateChanged ? normalizeDecimal(x.rate!) : undefined,
        },
      );
      if (!changes) continue;
      await tx
        .update(currencies)
        .set({ ...changes.after, ...(rateChanged ? { rateUpdatedAt: at, rateUpdatedBy: actor.id } : {}) })
        .where(eq(currencies.id, x.id));
      if (rateChanged) history.push({ currencyId: x.id, rate: x.rate!, validFrom: at, createdBy: actor.id });
      audits.push({ entity: 'currency', entityId: x.id, action: 'update', changes });
    }
    if (history.length) await tx.insert(currencyRates).values(history);
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[]) {
  const ids = await changeStatuses<CurrencyRow, Status>(
    ctx,
    {
      table: currencies,
      idColumn: currencies.id,
      entity: 'currency',
      what: 'Currency',
      ordered: true,
      check: async (c, current) => {
        const base = await baseCurrencyCode(c);
        if (items.some((x) => x.status !== 'active' && current.get(x.id)!.code === base)) throw AppError.business(BASE_STATUS);
      },
    },
    items,
  );
  return byIds(ctx, ids);
}

async function byIds(ctx: Ctx, ids: number[]) {
  const base = await baseCurrencyCode(ctx);
  return reloadByIds(ids, async (unique) =>
    (await ctx.db.select().from(currencies).where(inArray(currencies.id, unique))).map((r) => toCurrency(r, base)),
  );
}

/** Currencies written on first start; rates are units per one US dollar and are re-based on another base. */
const STARTER_CURRENCIES = [
  { code: 'USD', name: 'US Dollar', title: 'US Dollar', symbol: '$', symbolNative: '$', usdRate: '1' },
  { code: 'EUR', name: 'Euro', title: 'Euro', symbol: '€', symbolNative: '€', usdRate: '0.92' },
  { code: 'GBP', name: 'British Pound Sterling', title: 'British Pound', symbol: '£', symbolNative: '£', usdRate: '0.79' },
] as const;

/**
 * First start: when the currency table is empty, writes USD, EUR and GBP with their rates against `base` (and the
 * base itself with rate 1 if it is none of them), each with its first history entry. Does nothing otherwise.
 */
export async function ensureCurrencies(db: DbOrTx, base: string, at: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(currencies);
    if (n > 0) return;
    const known = STARTER_CURRENCIES.find((c) => c.code === base);
    const rows = known
      ? STARTER_CURRENCIES.map((c) => ({ ...c, rate: convertAmount('1', known.usdRate, c.usdRate) }))
      : [{ code: base, name: base, title: base, symbol: base, symbolNative: base, rate: '1' }];
    const inserted = await tx
      .insert(currencies)
      .values(
        rows.map((c) => ({
          code: c.code,
          name: c.name,
          title: c.title,
          symbol: c.symbol,
          symbolNative: c.symbolNative,
          rate: c.rate,
          rateUpdatedAt: at,
          createdAt: at,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: currencies.id, rate: currencies.rate });
    if (inserted.length) await tx.insert(currencyRates).values(inserted.map((r) => ({ currencyId: r.id, rate: r.rate, validFrom: at })));
  });
}
