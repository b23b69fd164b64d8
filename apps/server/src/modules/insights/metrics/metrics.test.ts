import { BUILT_IN_METRICS, FORMULA_ERRORS, parseFormula } from '@leadgrid/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { auditLog, metrics } from '../../../db/schema';

const t = await useApp();
const f = (text: string) => parseFormula(text)!;
const metric = (over: Record<string, unknown> = {}) => ({
  title: `Metric ${Math.random().toString(36).slice(2, 8)}`,
  outputFormat: 'percentages',
  formula: f('{approved_conversions} / {leads} * 100'),
  ...over,
});
async function create(over: Record<string, unknown> = {}) {
  const res = await t.request({ method: 'PUT', url: '/api/v1/metrics', as: t.admin, payload: { items: [metric(over)] } });
  expect(res.statusCode).toBe(200);
  return res.json().data.items[0];
}

describe('metrics: create', () => {
  it('creates a metric from a valid formula and answers it with its text form', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/v1/metrics',
      as: t.admin,
      payload: {
        items: [
          {
            title: 'Approval rate',
            description: 'Approved per lead',
            group: 'Quality',
            outputFormat: 'percentages',
            formula: f('{approved_conversions} / {leads} * 100'),
          },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Metric created');
    const [m] = res.json().data.items;
    expect(m).toMatchObject({
      title: 'Approval rate',
      description: 'Approved per lead',
      group: 'Quality',
      outputFormat: 'percentages',
      value: '{approved_conversions} / {leads} * 100',
      editable: true,
      status: 'active',
      createdBy: t.admin.id,
    });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'metric'));
    expect(audit.some((a) => a.entityId === m.id && a.action === 'create')).toBe(true);
  });

  it.each([
    ['{clicks} + * 2', 'adjacentOperators'],
    ['({clicks} / {leads}', 'unequalBrackets'],
    ['{clicks} +', 'tooShort'],
    ['* {clicks} + 1', 'edgeOperator'],
    ['{clicks} ({leads} + 1)', 'operatorBeforeBracket'],
    ['({clicks} +) * 2', 'operatorNearBracket'],
    ['{clicks} + () * 2', 'emptyBrackets'],
    ['{clicks} {leads} + 1', 'adjacentOperands'],
    ['{clicks} / {my_metric}', 'unknownMetric'],
  ] as const)('answers the formula rule broken by %s as the field error %s', async (text, code) => {
    expect(FORMULA_ERRORS[code]).toBeTruthy();
    const res = await t.request({
      method: 'PUT',
      url: '/api/v1/metrics',
      as: t.admin,
      payload: { items: [metric({ title: 'ok' }), metric({ formula: f(text) })] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: code, type: 'custom', loc: ['body', 'items', 1, 'formula'] }]);
  });

  it('refuses a formula that refers to a custom metric (built-ins only)', async () => {
    const other = await create();
    const res = await t.request({
      method: 'PUT',
      url: '/api/v1/metrics',
      as: t.admin,
      payload: { items: [metric({ formula: f(`{custom_${other.id}} * 2`) })] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ msg: 'unknownMetric', loc: ['body', 'items', 0, 'formula'] });
  });

  it('answers 400 per field for the title, output format and malformed elements, and writes nothing', async () => {
    const before = await t.database.db.select().from(metrics);
    const res = await t.request({
      method: 'PUT',
      url: '/api/v1/metrics',
      as: t.admin,
      payload: {
        items: [{ title: '  ', outputFormat: 'speed', formula: [{ type: 'variable', value: 'x' }], description: 'x'.repeat(2001) }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'required', loc: ['body', 'items', 0, 'title'] }),
        expect.objectContaining({ msg: 'required', loc: ['body', 'items', 0, 'outputFormat'] }),
        expect.objectContaining({ msg: 'maxlength', loc: ['body', 'items', 0, 'description'] }),
        expect.objectContaining({ msg: 'pattern', loc: ['body', 'items', 0, 'formula', 0, 'type'] }),
      ]),
    );
    expect(await t.database.db.select().from(metrics)).toHaveLength(before.length);
  });

  it('needs metrics.update to write and a token to read', async () => {
    const reader = await t.make.user({ type: 'advertiser_member', permissions: ['metrics.read'] });
    const res = await t.request({ method: 'PUT', url: '/api/v1/metrics', as: reader, payload: { items: [metric()] } });
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/metrics', as: reader })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/v1/metrics' })).statusCode).toBe(401);
    const affiliate = await t.make.user({ type: 'affiliate' });
    expect((await t.request({ method: 'GET', url: '/api/v1/metrics', as: affiliate })).statusCode).toBe(403);
  });
});

describe('metrics: list and by id', () => {
  it('lists with filters, search, sorting, paging and the total', async () => {
    const group = `G${Math.random().toString(36).slice(2, 7)}`;
    const a = await create({ title: 'Alpha rate', group });
    const b = await create({ title: 'beta rate', group, outputFormat: 'money', formula: f('{payout} / {leads}') });
    await create({ title: 'Gamma rate', group, status: 'inactive' });
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/metrics?group=${group}&status=active&orderBy=title:desc&withMeta=1`,
      as: t.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((m: { id: number }) => m.id)).toEqual([b.id, a.id]);
    expect(res.json().data.meta).toEqual({ totalCount: 2 });
    const money = await t.request({ method: 'GET', url: `/api/v1/metrics?group=${group}&outputFormat=money`, as: t.admin });
    expect(money.json().data.items.map((m: { id: number }) => m.id)).toEqual([b.id]);
    const search = await t.request({ method: 'GET', url: `/api/v1/metrics?group=${group}&search=alpha&limit=1&offset=0`, as: t.admin });
    expect(search.json().data.items.map((m: { id: number }) => m.id)).toEqual([a.id]);
  });

  it('refuses an unknown orderBy or status with 400', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/metrics?orderBy=formula:asc', as: t.admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['querystring', 'orderBy']);
    const st = await t.request({ method: 'GET', url: '/api/v1/metrics?status=deleted', as: t.admin });
    expect(st.statusCode).toBe(400);
  });

  it('answers one metric as items[0], 404 when missing', async () => {
    const m = await create();
    const res = await t.request({ method: 'GET', url: `/api/v1/metrics/${m.id}`, as: t.admin });
    expect(res.json().data.items).toEqual([m]);
    expect((await t.request({ method: 'GET', url: '/api/v1/metrics/999999', as: t.admin })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/v1/metrics/abc', as: t.admin })).statusCode).toBe(400);
  });
});

describe('metrics: edit and status', () => {
  it('edits fields and the formula, and changes status through PATCH', async () => {
    const m = await create();
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/metrics',
      as: t.admin,
      payload: {
        items: [{ id: m.id, title: 'Renamed', formula: f('({revenue} - {payout}) / {clicks}'), outputFormat: 'money', status: 'inactive' }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Metric saved',
      data: {
        items: [{ id: m.id, title: 'Renamed', value: '( {revenue} - {payout} ) / {clicks}', outputFormat: 'money', status: 'inactive' }],
      },
    });
  });

  it('answers a broken formula on edit at its item, and leaves every item unchanged', async () => {
    const a = await create();
    const b = await create();
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/metrics',
      as: t.admin,
      payload: {
        items: [
          { id: a.id, title: 'Changed' },
          { id: b.id, formula: f('{clicks} / / 2') },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'adjacentOperators', type: 'custom', loc: ['body', 'items', 1, 'formula'] }]);
    const [row] = await t.database.db.select().from(metrics).where(eq(metrics.id, a.id));
    expect(row.title).toBe(a.title);
  });

  it('changes status in bulk; a missing id is a 404 and nothing changes', async () => {
    const a = await create();
    const b = await create();
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/metrics/change_status',
      as: t.admin,
      payload: {
        items: [
          { id: a.id, status: 'inactive' },
          { id: b.id, status: 'inactive' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('2 metrics changed status');
    const missing = await t.request({
      method: 'POST',
      url: '/api/v1/metrics/change_status',
      as: t.admin,
      payload: {
        items: [
          { id: a.id, status: 'active' },
          { id: 999999, status: 'active' },
        ],
      },
    });
    expect(missing.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(metrics).where(eq(metrics.id, a.id));
    expect(row.status).toBe('inactive');
    const bad = await t.request({
      method: 'POST',
      url: '/api/v1/metrics/change_status',
      as: t.admin,
      payload: { items: [{ id: a.id, status: 'paused' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
  });

  it('refuses to edit a locked metric', async () => {
    const m = await create();
    await t.database.db.update(metrics).set({ editable: false }).where(eq(metrics.id, m.id));
    const res = await t.request({ method: 'PATCH', url: '/api/v1/metrics', as: t.admin, payload: { items: [{ id: m.id, title: 'x' }] } });
    expect(res.statusCode).toBe(422);
  });

  it('needs metrics.update to edit or change status', async () => {
    const m = await create();
    const reader = await t.make.user({ type: 'employee', permissions: ['metrics.read'] });
    expect(
      (await t.request({ method: 'PATCH', url: '/api/v1/metrics', as: reader, payload: { items: [{ id: m.id, title: 'x' }] } })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/metrics/change_status',
          as: reader,
          payload: { items: [{ id: m.id, status: 'inactive' }] },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('metrics: form data and active metrics', () => {
  it('offers the built-ins, groups in use and output formats to the builder', async () => {
    await create({ group: 'Zeta quality' });
    const res = await t.request({ method: 'GET', url: '/api/v1/metrics/form-data', as: t.admin });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.builtIn.map((m: { key: string }) => m.key)).toEqual(BUILT_IN_METRICS.map((m) => m.key));
    expect(data.builtIn.find((m: { key: string }) => m.key === 'cr')).toMatchObject({
      title: 'CR',
      outputFormat: 'percentages',
      value: '{conversions} / {clicks} * 100',
    });
    expect(data.groups).toEqual(expect.arrayContaining(['Traffic', 'Money', 'Zeta quality']));
    expect(data.outputFormats).toEqual(['amount', 'money', 'percentages']);
    const noRead = await t.make.user({ type: 'employee', permissions: ['front.dashboard.read'] });
    expect((await t.request({ method: 'GET', url: '/api/v1/metrics/form-data', as: noRead })).statusCode).toBe(403);
  });

  it('answers built-ins and active custom metrics for statistics; affiliates never get revenue-side ones', async () => {
    const visible = await create({ title: 'Lead CR', formula: f('{leads} / {clicks} * 100') });
    const revenueBased = await create({ title: 'Margin', formula: f('{profit} / {revenue} * 100') });
    const off = await create({ title: 'Off', status: 'inactive' });
    const staff = (await t.request({ method: 'GET', url: '/api/v1/metrics/active', as: t.admin })).json().data.items;
    const keys = staff.map((m: { key: string }) => m.key);
    expect(keys).toEqual(expect.arrayContaining(['clicks', 'revenue', 'roi', `custom_${visible.id}`, `custom_${revenueBased.id}`]));
    expect(keys).not.toContain(`custom_${off.id}`);
    expect(staff.find((m: { key: string }) => m.key === 'clicks')).toMatchObject({ builtIn: true, editable: false, id: null });

    const affiliate = await t.make.user({ type: 'affiliate' });
    const res = await t.request({ method: 'GET', url: '/api/v1/metrics/active', as: affiliate });
    expect(res.statusCode).toBe(200);
    const affKeys = res.json().data.items.map((m: { key: string }) => m.key);
    expect(affKeys).toEqual(expect.arrayContaining(['clicks', 'payout', 'cr', 'epc', `custom_${visible.id}`]));
    for (const hidden of ['revenue', 'profit', 'roi', `custom_${revenueBased.id}`]) expect(affKeys).not.toContain(hidden);

    const nobody = await t.make.user({ type: 'employee', permissions: ['front.settings.tags.read'] });
    expect((await t.request({ method: 'GET', url: '/api/v1/metrics/active', as: nobody })).statusCode).toBe(403);
  });
});
