/**
 * The ledger's invariants under random sequences (fast-check, fixed seed): conversions created in USD or EUR at
 * random rates, status changes, payout edits, invoices by sum or period in either currency, partial and full payments,
 * declines, advertiser invoices and advances, manual adjustments. After each sequence, for its parties (ledger
 * service `verify`): per currency hold + approved + requested + paid equals the non-rejected amounts plus the
 * adjustments, the entries are caught up with their sources, no conversion is in two live invoices, every invoice
 * adds up to its items; and the balance API answers the sums of the entries.
 * Each sequence has an affiliate and an advertiser of its own, so the checks (scoped to its parties) cost the same
 * at the first sequence and the thousandth.
 * FINANCE_PROPERTY_RUNS sets the number of sequences (CI: 200; `npm run finance:property -- --runs 3000`).
 */
import { addMoney } from '@leadgrid/shared';
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { moneyWorld } from '../money.fixtures';
import { rowsOf, verify } from './ledger.service';

const t = await useApp();
const db = t.database.db;
const RUNS = Number(process.env.FINANCE_PROPERTY_RUNS ?? 200);
const SEED = Number(process.env.FINANCE_PROPERTY_SEED ?? 17);
/** `npm run finance:property` names a file that gets a line every 100 sequences (a long run shows its progress) */
const PROGRESS = process.env.FINANCE_PROPERTY_PROGRESS;
const started = Date.now();
let done = 0;

const amount = fc.integer({ min: 1, max: 50_000 }).map((n) => (n / 100).toFixed(2));
const op = fc.oneof(
  {
    arbitrary: fc.record({
      k: fc.constant('conversion' as const),
      status: fc.constantFrom(1, 3, 3),
      payout: amount,
      eur: fc.boolean(),
      rate: fc.constantFrom('0.9', '1.1'),
    }),
    weight: 3,
  },
  fc.record({
    k: fc.constant('conversion' as const),
    status: fc.constantFrom(1, 2, 3, 3),
    payout: amount,
    eur: fc.boolean(),
    rate: fc.constantFrom('0.9', '0.92', '1.1'),
  }),
  fc.record({ k: fc.constant('status' as const), i: fc.nat(20), to: fc.constantFrom(2, 3, 4) }),
  fc.record({ k: fc.constant('edit' as const), i: fc.nat(20), payout: amount }),
  fc.record({
    k: fc.constant('invoice' as const),
    sum: fc.option(amount, { nil: undefined }),
    eur: fc.boolean(),
    advertiser: fc.boolean(),
  }),
  fc.record({ k: fc.constant('pay' as const), i: fc.nat(10), part: fc.boolean() }),
  fc.record({ k: fc.constant('decline' as const), i: fc.nat(10) }),
  fc.record({ k: fc.constant('advance' as const), amount, pay: fc.boolean() }),
  fc.record({ k: fc.constant('adjust' as const), amount, negative: fc.boolean(), advertiser: fc.boolean() }),
);

describe('ledger: invariants under random sequences', () => {
  it(
    `hold + approved + requested + paid stays equal to the sources, ${RUNS} sequences`,
    { timeout: Math.max(600_000, RUNS * 20_000) },
    async () => {
      const w = await moneyWorld(t);
      const roleId = await t.make.systemRoleId('affiliate');
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 10 }), async (ops) => {
          // a bare affiliate row (no password hashing: the sequences need many)
          const [affiliate] = rowsOf<{ id: number }>(
            await db.execute(sql`insert into users (secure_id, email, password_hash, first_name, last_name, role_id, status)
            values (md5(random()::text), md5(random()::text) || '@prop.test', 'x', 'Prop', 'Affiliate', ${roleId}, 'active') returning id`),
          );
          const advertiserId = (await t.make.advertiser({ verticalId: w.verticalId })).id;
          const convIds: number[] = [];
          const invoiceIds: number[] = [];
          for (const o of ops) {
            if (o.k === 'conversion') {
              const base = o.eur ? (Number(o.payout) / Number(o.rate)).toFixed(8) : o.payout;
              const rows = rowsOf<{ id: string }>(
                await db.execute(sql`insert into conversions (affiliate_id, offer_id, advertiser_id, status, payout, payout_currency, base_payout,
                revenue, revenue_currency, base_revenue, base_currency, created_at)
                values (${affiliate.id}, ${w.offerId}, ${advertiserId}, ${o.status}, ${o.payout}, ${o.eur ? 'EUR' : 'USD'}, ${base},
                  ${o.payout}::numeric * 2, ${o.eur ? 'EUR' : 'USD'}, ${base}::numeric * 2, 'USD', ${t.clock.now}) returning id`),
              );
              convIds.push(Number(rows[0].id));
            } else if (o.k === 'status' && convIds.length) {
              await t.request({
                method: 'POST',
                url: '/api/v1/conversions/change_status',
                as: t.admin,
                payload: { items: [{ id: convIds[o.i % convIds.length], status: o.to }] },
              });
            } else if (o.k === 'edit' && convIds.length) {
              await t.request({
                method: 'PATCH',
                url: '/api/v1/conversions',
                as: t.admin,
                payload: { items: [{ id: convIds[o.i % convIds.length], payout: o.payout, revenue: o.payout }] },
              });
            } else if (o.k === 'invoice') {
              const party = o.advertiser ? { advertiserId } : { affiliateId: affiliate.id };
              const how = o.sum ? { amount: o.sum } : { dateFrom: '2000-01-01', dateTo: '2100-01-01' };
              const res = await t.request({
                method: 'PUT',
                url: '/api/v1/invoices',
                as: t.admin,
                payload: { items: [{ ...party, ...how, currency: o.eur ? 'EUR' : 'USD' }] },
              });
              expect([200, 422]).toContain(res.statusCode);
              if (res.statusCode === 200) invoiceIds.push(res.json().data.items[0].id);
            } else if (o.k === 'pay' && invoiceIds.length) {
              const id = invoiceIds[o.i % invoiceIds.length];
              const inv = (await t.request({ method: 'GET', url: `/api/v1/invoices/${id}`, as: t.admin })).json().data.items[0];
              const due = Number(inv.amount) - Number(inv.paidAmount);
              const part = o.part && due > 0.02 ? (Math.floor((due / 2) * 100) / 100).toFixed(2) : undefined;
              const res = await t.request({
                method: 'POST',
                url: '/api/v1/invoices/change_status',
                as: t.admin,
                payload: { items: [{ id, status: 'paid', ...(part ? { amount: part } : {}) }] },
              });
              expect([200, 409]).toContain(res.statusCode);
            } else if (o.k === 'decline' && invoiceIds.length) {
              const res = await t.request({
                method: 'POST',
                url: '/api/v1/invoices/change_status',
                as: t.admin,
                payload: { items: [{ id: invoiceIds[o.i % invoiceIds.length], status: 'declined' }] },
              });
              expect([200, 409]).toContain(res.statusCode);
            } else if (o.k === 'advance') {
              const res = await t.request({
                method: 'PUT',
                url: '/api/v1/invoices',
                as: t.admin,
                payload: { items: [{ advertiserId, advanceAmount: o.amount }] },
              });
              expect(res.statusCode).toBe(200);
              invoiceIds.push(res.json().data.items[0].id);
              if (o.pay)
                await t.request({
                  method: 'POST',
                  url: '/api/v1/invoices/change_status',
                  as: t.admin,
                  payload: { items: [{ id: res.json().data.items[0].id, status: 'paid' }] },
                });
            } else if (o.k === 'adjust') {
              const party = o.advertiser ? { advertiserId } : { affiliateId: affiliate.id };
              const res = await t.request({
                method: 'PUT',
                url: '/api/v1/balances/adjustments',
                as: t.admin,
                payload: { items: [{ ...party, currency: 'USD', amount: `${o.negative ? '-' : ''}${o.amount}`, reason: 'property' }] },
              });
              expect(res.statusCode).toBe(200);
            }
          }
          expect(await verify(db, { affiliateIds: [affiliate.id], advertiserIds: [advertiserId] })).toEqual([]);
          const api = (await t.request({ method: 'GET', url: `/api/v1/balances/affiliates/${affiliate.id}`, as: t.admin })).json().data
            .items[0];
          const sums = rowsOf<{ currency: string; bucket: string; s: string }>(
            await db.execute(
              sql`select currency, bucket, sum(amount)::text as s from ledger_entries where party_type = 'affiliate' and party_id = ${affiliate.id} group by 1, 2`,
            ),
          );
          for (const s of sums) {
            const line = api.breakdown.find((b: { currency: string }) => b.currency === s.currency);
            expect(Number(line[s.bucket])).toBeCloseTo(Number(s.s), 8);
          }
          // the advance on hold of the advertiser's balance is the sum of its advances' advanceAmountHold, per currency
          const advBalance = (await t.request({ method: 'GET', url: `/api/v1/balances/advertisers/${advertiserId}`, as: t.admin })).json()
            .data.items[0];
          const advInvoices = (
            await t.request({ method: 'GET', url: `/api/v1/invoices?type=advertiser&advertiserId=${advertiserId}&limit=100`, as: t.admin })
          ).json().data.items as {
            currency: string;
            advanceAmountHold: string | null;
          }[];
          for (const line of advBalance.breakdown as { currency: string; advanceHold: string }[]) {
            const held = advInvoices
              .filter((i) => i.currency === line.currency && i.advanceAmountHold !== null)
              .map((i) => i.advanceAmountHold!);
            expect(addMoney('0', ...held)).toBe(line.advanceHold);
          }
          if (PROGRESS && ++done % 100 === 0)
            appendFileSync(PROGRESS, `${done} sequences, ${Math.round((Date.now() - started) / 1000)} s, invariants held\n`);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
  );
});
