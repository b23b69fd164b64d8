/**
 * Payment settings: the network's base currency and the invoice defaults (title prefix, payment terms, minimum
 * payout). Changing the base currency re-bases every rate in one transaction — each rate divided by the new base's
 * old rate, so the new base gets exactly 1 — with history entries appended, so conversions at any moment stay
 * consistent. A minimum payout not sent with the change is converted to the new base (it keeps its value). Once the
 * ledger holds an entry the base is fixed (409): balances and invoices are kept in it (docs/decisions/money.md).
 */
import {
  PAYMENT_SETTINGS_DEFAULTS,
  normalizeDecimal,
  rebaseRate,
  type ApiErrorItem,
  type PaymentSettings,
  type PaymentSettingsUpdate,
} from '@leadgrid/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { currencies, currencyRates, roles, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { baseCurrencyCode } from '../currencies';
import { hasEntries } from '../ledger';
import { getSettings, setSetting } from '../../settings/general';

type Editable = Omit<PaymentSettings, 'baseCurrency'>;

export async function get(ctx: Ctx): Promise<PaymentSettings> {
  const s = await getSettings(ctx.db);
  return {
    baseCurrency: s.baseCurrency ?? ctx.config.BASE_CURRENCY,
    invoiceTitlePrefix: s.invoiceTitlePrefix ?? PAYMENT_SETTINGS_DEFAULTS.invoiceTitlePrefix,
    paymentTermsDays: s.paymentTermsDays ?? PAYMENT_SETTINGS_DEFAULTS.paymentTermsDays,
    minPayoutAmount: normalizeDecimal(s.minPayoutAmount ?? PAYMENT_SETTINGS_DEFAULTS.minPayoutAmount),
    allowSecondWithdrawal: s.allowSecondWithdrawal ?? PAYMENT_SETTINGS_DEFAULTS.allowSecondWithdrawal,
    autoInvoicePeriod: s.autoInvoicePeriod ?? PAYMENT_SETTINGS_DEFAULTS.autoInvoicePeriod,
    autoInvoiceAffiliateIds: s.autoInvoiceAffiliateIds ?? PAYMENT_SETTINGS_DEFAULTS.autoInvoiceAffiliateIds,
  };
}

/** Saves the sent keys; answers the settings and the new base currency when it changed. */
export async function update(ctx: Ctx, input: PaymentSettingsUpdate): Promise<{ settings: PaymentSettings; rebasedTo: string | null }> {
  const actor = requireActor(ctx);
  const at = ctx.now();
  if (input.autoInvoiceAffiliateIds?.length) {
    // automatic invoices name affiliates: each id must be one (a 4xx naming the item, nothing saved)
    const ids = input.autoInvoiceAffiliateIds.map(Number);
    const found = await ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(inArray(users.id, ids), eq(roles.type, 'affiliate')));
    const known = new Set(found.map((r) => r.id));
    const errors: ApiErrorItem[] = ids.flatMap((id, i) =>
      known.has(id) ? [] : [{ msg: `Affiliate ${id} not found`, type: 'notFound', loc: ['body', 'data', 'autoInvoiceAffiliateIds', i] }],
    );
    if (errors.length) throw AppError.validation(errors, errors[0].msg);
  }
  const rebasedTo = await ctx.db.transaction(async (tx) => {
    let rebased: string | null = null;
    const c = { ...ctx, db: tx };
    const audits: AuditEntry[] = [];
    // every currency row is locked before the base is read: rate edits and other base changes wait for this one
    const rows = await tx.select().from(currencies).orderBy(asc(currencies.id)).for('update');
    const before = await get(c);
    const patch: Partial<Editable> = {
      invoiceTitlePrefix: input.invoiceTitlePrefix,
      paymentTermsDays: input.paymentTermsDays,
      minPayoutAmount: input.minPayoutAmount !== undefined ? normalizeDecimal(input.minPayoutAmount) : undefined,
      allowSecondWithdrawal: input.allowSecondWithdrawal,
      autoInvoicePeriod: input.autoInvoicePeriod,
      autoInvoiceAffiliateIds:
        input.autoInvoiceAffiliateIds === undefined
          ? undefined
          : input.autoInvoiceAffiliateIds && [...new Set(input.autoInvoiceAffiliateIds.map(Number))],
    };

    const base = input.baseCurrency;
    if (base && base !== (await baseCurrencyCode(c))) {
      if (await hasEntries(tx))
        throw AppError.conflict('The base currency cannot change once money has been recorded: balances and invoices are kept in it', [
          { msg: 'The base currency cannot change once money has been recorded', type: 'conflict', loc: ['body', 'data', 'baseCurrency'] },
        ]);
      const target = rows.find((r) => r.code === base);
      if (!target || target.status !== 'active') {
        const error: ApiErrorItem = { msg: 'Choose an active currency', type: 'notFound', loc: ['body', 'data', 'baseCurrency'] };
        throw new AppError('VALIDATION', error.msg, [error]);
      }
      const rates = rows.map((r) => ({ row: r, rate: rebaseRate(r.rate, target.rate) }));
      const zero = rates.find((x) => x.rate === '0');
      if (zero) throw AppError.business(`With ${base} as the base, the rate of ${zero.row.code} would round to 0 at 8 decimals`);
      for (const { row, rate } of rates) {
        await tx.update(currencies).set({ rate, rateUpdatedAt: at, rateUpdatedBy: actor.id }).where(eq(currencies.id, row.id));
      }
      await tx
        .insert(currencyRates)
        .values(rates.map(({ row, rate }) => ({ currencyId: row.id, rate, validFrom: at, createdBy: actor.id })));
      await setSetting(tx, 'baseCurrency', base);
      rebased = base;
      if (patch.minPayoutAmount === undefined && before.minPayoutAmount !== '0')
        patch.minPayoutAmount = rebaseRate(before.minPayoutAmount, target.rate);
      audits.push({
        entity: 'settings',
        entityId: null,
        action: 'change_base_currency',
        changes: {
          before: { baseCurrency: before.baseCurrency },
          after: { baseCurrency: base, rates: Object.fromEntries(rates.map((x) => [x.row.code, x.rate])) },
        },
      });
    }

    const changes = diffFields<Editable>(before, patch);
    if (changes) {
      for (const [key, value] of Object.entries(changes.after)) await setSetting(tx, key as keyof Editable, value as never);
      audits.push({ entity: 'settings', entityId: null, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return rebased;
  });
  return { settings: await get(ctx), rebasedTo };
}
