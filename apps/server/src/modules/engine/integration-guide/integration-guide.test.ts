import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { settings, users, verticals } from '../../../db/schema';

const t = await useApp();
const db = t.database.db;

const vertical = await t.make.vertical({ title: 'Loans' });
await db
  .update(verticals)
  .set({ incomingParameters: [{ name: 'income', title: 'Monthly income', type: 'number', required: true, validation: { min: 500 } }] })
  .where(eq(verticals.id, vertical.id));
const offer = await t.make.offer({ title: 'Quick loan', verticalId: vertical.id });
const privateOffer = await t.make.offer({ title: 'Private loan', verticalId: vertical.id, accessType: 3 });
const affiliate = await t.make.user({ type: 'affiliate' });
const [{ apiToken }] = await db.select({ apiToken: users.apiToken }).from(users).where(eq(users.id, affiliate.id));
const noOffers = await t.make.user({ type: 'employee', permissions: ['lead.read'] });
await db.update(settings).set({ value: 'Acme Leads' }).where(eq(settings.key, 'name'));

const guide = (query = '', as: TestUser | null = affiliate) => t.request({ method: 'GET', url: `/api/v1/integration-guide${query}`, as });

describe('integration guide', () => {
  it('gives an affiliate the lead API from the OpenAPI document, with its own token, the white label and the offer', async () => {
    const res = await guide(`?offerId=${offer.id}`);
    expect(res.statusCode).toBe(200);
    const g = res.json().data;
    expect(g.brand).toBe('Acme Leads');
    expect(g.token).toBe(apiToken);
    expect(g.tokenHeader).toBe('X-Api-Key');
    expect(g.offer).toMatchObject({ id: offer.id, title: 'Quick loan', vertical: { id: vertical.id } });
    expect(g.offer.parameters).toEqual([{ name: 'income', title: 'Monthly income', type: 'number', required: true, where: 'fields' }]);

    const lead = g.operations.find((o: { path: string; method: string }) => o.path === '/api/v1/leads' && o.method === 'POST');
    expect(lead).toBeDefined();
    // every property of the lead body in the OpenAPI document, and only those
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: object } }> } } }>;
    };
    const bodyProps = Object.keys(doc.paths['/api/v1/leads'].post.requestBody.content['application/json'].schema.properties);
    expect(lead.fields.map((f: { name: string }) => f.name)).toEqual(bodyProps);
    expect(lead.fields.find((f: { name: string }) => f.name === 'phone')).toMatchObject({ type: 'string', required: false, maxLength: 50 });
    expect(lead.fields.find((f: { name: string }) => f.name === 'phone').description).toMatch(/Phone/);
    expect(lead.fields.find((f: { name: string }) => f.name === 'test').type).toBe('boolean');
    expect(lead.answerFields.map((f: { name: string }) => f.name)).toEqual(['id', 'status', 'reason', 'redirectUrl']);
    expect(lead.answerFields.find((f: { name: string }) => f.name === 'status').values).toContain('sent');
    // every error code the lead API answers, each with what it means (leads.routes.ts `errorAnswers`)
    expect(lead.responses.map((r: { code: string }) => r.code)).toEqual(['200', '400', '401', '403', '413', '415', '422']);
    for (const r of lead.responses as { code: string; description: string }[]) expect(r.description, r.code).not.toBe('');
    expect(lead.responses.find((r: { code: string }) => r.code === '422').description).toMatch(/rule/);
    expect(lead.responses.find((r: { code: string }) => r.code === '200').description).toMatch(/stored/);

    const [real, test] = lead.examples;
    expect(real.kind).toBe('lead');
    expect(real.curl).toContain(`-H 'X-Api-Key: ${apiToken}'`);
    expect(real.curl).toMatch(/^curl -X POST 'http:\/\/[^']+\/api\/v1\/leads'/);
    expect(real.curl).toContain(`"offerId": ${offer.id}`);
    expect(real.curl).toContain('"income": 500');
    expect(real.curl).not.toContain('campaignKey');
    expect(test.curl).toContain('"test": true');
    expect(JSON.stringify(g)).not.toContain('Leadgrid');

    expect(g.postback.macros.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(['click_id', 'lead_id', 'lead_status', 'payout']),
    );
    expect(g.postback.macros.map((m: { name: string }) => m.name)).not.toContain('revenue');
    expect(g.postback.events).toContain('event_sent');
    expect(g.postback.example).toContain('click_id={click_id}');
  });

  it('answers staff with a placeholder token and the document’s own example', async () => {
    const res = await guide('', t.admin);
    expect(res.statusCode).toBe(200);
    const g = res.json().data;
    expect(g.token).toBeNull();
    expect(g.offer).toBeNull();
    const lead = g.operations.find((o: { path: string }) => o.path === '/api/v1/leads');
    expect(lead.examples[0].curl).toContain("-H 'X-Api-Key: YOUR_API_TOKEN'");
    expect(lead.examples[0].curl).toContain('"campaignKey"');
  });

  it('refuses a bad offer id with the field in error', async () => {
    const res = await guide('?offerId=abc');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, message: expect.any(String) });
    expect(body.errors[0].loc).toEqual(['querystring', 'offerId']);
  });

  it('follows the offer rules and the permission', async () => {
    expect((await guide('', null)).statusCode).toBe(401);
    expect((await guide(`?offerId=${privateOffer.id}`)).statusCode).toBe(404);
    expect((await guide(`?offerId=${privateOffer.id}`, t.admin)).statusCode).toBe(200);
    expect((await guide('', noOffers)).statusCode).toBe(403);
  });
});
