/**
 * `DEMO=1`: the demo data is inserted straight into the raw tables; the roll-ups follow through their triggers, so a
 * demo start shows real numbers on /statistics for the admin and for a demo affiliate (no revenue), with no drift.
 */
import { DEMO_AFFILIATES, DEMO_COUNTS, DEMO_PASSWORD, seedDemo } from '../../../db/seed/demo';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { compact, verify } from './rollups';

const t = await useApp();

describe('statistics of the demo data', () => {
  it('shows every demo click, lead and conversion to the admin and an affiliate its own without revenue', async () => {
    const now = new Date();
    await seedDemo(t.database.db, { now });
    const to = Math.floor(now.getTime() / 1000 / 900) * 900 + 900;
    const range = `from=${to - 16 * 86_400}&to=${to}&timezone=UTC`;
    const admin = await t.request({ method: 'GET', url: `/api/v1/statistics?${range}`, as: t.admin });
    expect(admin.statusCode, admin.body).toBe(200);
    const totals = admin.json().data.meta.totals;
    expect(totals).toMatchObject({ clicks: DEMO_COUNTS.clicks, conversions: DEMO_COUNTS.conversions });
    expect(totals.leads + totals.leads_test).toBe(DEMO_COUNTS.leads);
    expect(Number(totals.revenue)).toBeGreaterThan(0);
    const { token } = await t.signIn(DEMO_AFFILIATES[0], DEMO_PASSWORD);
    const aff = await t.request({ method: 'GET', url: `/api/v1/statistics?${range}&groupBy=offer`, as: token });
    expect(aff.statusCode, aff.body).toBe(200);
    const own = aff.json().data.meta.totals;
    expect(own.clicks).toBeGreaterThan(0);
    expect(own.clicks).toBeLessThan(DEMO_COUNTS.clicks);
    expect(own).not.toHaveProperty('revenue');
    await compact(t.database);
    const report = await verify(t.database, { from: new Date(now.getTime() - 16 * 86_400_000), to: new Date(now.getTime() + 86_400_000) });
    expect(report.totalDrift).toBe(0);
  });
});
