import { DEFAULT_PAYMENT_MODELS, type PaymentModel } from '@leadgrid/shared';
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { caps, offerAffiliates, offerPaymentModels, paymentModels } from '../../../db/schema';
import { ensurePaymentModels } from './payment-models.seed';

const t = await useApp();
const db = t.database.db;
const url = '/api/v1/payment-models';
const get = (path: string, as: TestUser = t.admin) => t.request({ method: 'GET', url: `${url}${path}`, as });
const codes = (items: PaymentModel[]) => items.map((m) => m.code);

const vertical = await t.make.vertical();
const otherVertical = await t.make.vertical();
const [own] = await db.insert(paymentModels).values({ code: 'FTD', title: 'First-time deposit', verticalId: vertical.id }).returning();
const [foreign] = await db
  .insert(paymentModels)
  .values({ code: 'CPI', title: 'Cost per install', verticalId: otherVertical.id })
  .returning();
const [retired] = await db
  .insert(paymentModels)
  .values({ code: 'OLD', title: 'Retired', verticalId: vertical.id, status: 'inactive' })
  .returning();

describe('payment models', () => {
  it('seeds the global defaults once (idempotent)', async () => {
    await ensurePaymentModels(db);
    await ensurePaymentModels(db);
    const rows = await db.select().from(paymentModels).where(isNull(paymentModels.verticalId));
    expect(rows.map((r) => r.code).sort()).toEqual(DEFAULT_PAYMENT_MODELS.map((m) => m.code).sort());
  });

  it('lists the global models plus those of a vertical, globals first', async () => {
    const res = await get(`?verticalId=${vertical.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as PaymentModel[];
    expect(codes(items)).toEqual(['CPA', 'CPC', 'CPL', 'CPS', 'RevShare', 'FTD', 'OLD']);
    expect(items.find((m) => m.code === 'FTD')).toMatchObject({ vertical: { id: vertical.id }, status: 'active', capsCount: 0 });
    expect(items[0]).toMatchObject({ vertical: null, description: '', createdAt: expect.any(Number) });
    expect(codes((await get(`?verticalId=${vertical.id}&status=active`)).json().data.items)).not.toContain('OLD');
    expect(codes((await get('')).json().data.items)).toEqual(expect.arrayContaining(['FTD', 'CPI']));
    expect((await get('?verticalId=abc')).json().errors[0].loc).toEqual(['querystring', 'verticalId']);
  });

  it('by id, with the number of caps using it', async () => {
    const offer = await t.make.offer({ verticalId: vertical.id });
    await db.insert(caps).values({ offerId: offer.id, value: '1', paymentModelId: own.id });
    expect((await get(`/${own.id}`)).json().data.items[0]).toMatchObject({ id: own.id, code: 'FTD', capsCount: 1 });
    expect((await get('/999999')).statusCode).toBe(404);
  });

  it('for the cap form: the offer pay methods, or every active usable model when it has none', async () => {
    const offer = await t.make.offer({ verticalId: vertical.id });
    const bare = (await get(`/for-cap?offerId=${offer.id}`)).json().data.items as PaymentModel[];
    expect(codes(bare)).toEqual(['CPA', 'CPC', 'CPL', 'CPS', 'RevShare', 'FTD']);
    expect(codes(bare)).not.toContain(foreign.code);
    const [cpl] = await db.select().from(paymentModels).where(eq(paymentModels.code, 'CPL'));
    await db.insert(offerPaymentModels).values([
      { offerId: offer.id, paymentModelId: own.id },
      { offerId: offer.id, paymentModelId: cpl.id },
    ]);
    expect(codes((await get(`/for-cap?offerId=${offer.id}`)).json().data.items)).toEqual(['CPL', 'FTD']);
    expect((await get('/for-cap?offerId=999999')).statusCode).toBe(404);
    expect((await get('/for-cap')).json().errors[0].loc).toEqual(['querystring', 'offerId']);
    expect(retired.status).toBe('inactive');
  });

  it('scope: any offers reader; affiliates only for offers they see', async () => {
    const affiliate = await t.make.user({ type: 'affiliate' });
    expect((await get('', affiliate)).statusCode).toBe(200);
    const priv = await t.make.offer({ verticalId: vertical.id, accessType: 3 });
    expect((await get(`/for-cap?offerId=${priv.id}`, affiliate)).statusCode).toBe(404);
    await db.insert(offerAffiliates).values({ offerId: priv.id, affiliateId: affiliate.id });
    expect((await get(`/for-cap?offerId=${priv.id}`, affiliate)).statusCode).toBe(200);
    const nobody = await t.make.user({ type: 'employee', permissions: [] });
    expect((await get('', nobody)).statusCode).toBe(403);
    expect((await get(`/${own.id}`, nobody)).statusCode).toBe(403);
  });
});
