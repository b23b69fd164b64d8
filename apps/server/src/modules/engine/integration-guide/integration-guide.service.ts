/**
 * The affiliates' integration guide (docs/decisions/engine.md "Links, onboarding and API"), built from the app's own
 * OpenAPI document so it never drifts from the lead API: the operations an affiliate's API token opens (those whose
 * `security` names the `apiKey` scheme), their body fields (type, required, description), answer and error codes,
 * with curl examples on the platform's public URL carrying the caller's own token, the white label's name, the
 * offer's vertical parameters when an offer is named, and the postback macros an affiliate may use.
 */
import {
  MACRO_NAMES,
  MACROS,
  POSTBACK_EVENTS,
  type GuideField,
  type GuideOperation,
  type IncomingParameter,
  type IntegrationGuide,
} from '@leadgrid/shared';
import { eq } from 'drizzle-orm';
import { users, verticals } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { affiliateOffer, isAffiliate, staffOffer } from '../../inventory/offers';
import { getSetting } from '../../settings/general';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** the security scheme of the lead API token in the OpenAPI document (app.ts) */
const API_KEY_SCHEME = 'apiKey';
const TOKEN_PLACEHOLDER = 'YOUR_API_TOKEN';
/** the campaign and click references of the document's example, replaced by `offerId` when the guide names an offer */
const SOURCE_KEYS = ['offerId', 'campaignId', 'campaignKey', 'clickId'];
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
/** the macros of the example postback URL, in this order (each one checked against the catalogue) */
const POSTBACK_EXAMPLE_MACROS = ['click_id', 'event', 'lead_id', 'lead_status', 'status', 'payout', 'currency', 'sub1'];

/** a `$ref` to `#/components/schemas/...` resolved in the document; anything else as it is */
function resolve(doc: Json, schema: unknown): Json {
  const s = obj(schema);
  const ref = text(s.$ref);
  if (!ref.startsWith('#/')) return s;
  return obj(
    ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => obj(node)[key], doc),
  );
}

/** `string`, `integer`, `string | null`, `array of string`, `object` … as the schema says */
function typeOf(doc: Json, schema: Json): string {
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  let type: string;
  if (Array.isArray(alternatives)) type = [...new Set(alternatives.map((a) => typeOf(doc, resolve(doc, a))))].join(' | ');
  else if (Array.isArray(schema.type)) type = (schema.type as string[]).join(' | ');
  else if (schema.type === 'array') type = `array of ${typeOf(doc, resolve(doc, schema.items))}`;
  else type = text(schema.type) || (schema.properties || schema.additionalProperties ? 'object' : 'any');
  return schema.nullable === true && !type.includes('null') ? `${type} | null` : type;
}

function fieldsOf(doc: Json, schema: unknown): GuideField[] {
  const s = resolve(doc, schema);
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  return Object.entries(obj(s.properties)).map(([name, raw]) => {
    const p = resolve(doc, raw);
    const alternatives = ((p.anyOf ?? p.oneOf) as unknown[] | undefined)?.map((a) => resolve(doc, a)) ?? [];
    const withEnum = [p, ...alternatives].find((x) => Array.isArray(x.enum));
    const withMax = [p, ...alternatives].find((x) => typeof x.maxLength === 'number');
    return {
      name,
      type: typeOf(doc, p),
      required: required.has(name),
      description: text(p.description) || alternatives.map((a) => text(a.description)).find(Boolean) || '',
      values: withEnum ? (withEnum.enum as unknown[]).map(String) : [],
      maxLength: withMax ? (withMax.maxLength as number) : null,
    };
  });
}

/** a JSON body as a curl command, quoted for a POSIX shell */
export function curlOf(method: string, url: string, header: string, token: string, body: unknown): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const lines = [`curl -X ${method.toUpperCase()} ${q(url)}`, `  -H ${q(`${header}: ${token}`)}`];
  if (body !== undefined) lines.push(`  -H ${q('Content-Type: application/json')}`, `  -d ${q(JSON.stringify(body, null, 2))}`);
  return lines.join(' \\\n');
}

/** a plausible value of a vertical parameter for the example */
function sampleOf(p: Pick<IncomingParameter, 'type' | 'validation'>): string | number | boolean {
  switch (p.type) {
    case 'number':
      return p.validation?.min ?? 1000;
    case 'boolean':
      return true;
    case 'email':
      return 'anna.nowak@example.com';
    case 'phone':
      return '+48 601 234 567';
    case 'country':
      return 'PL';
    case 'language':
      return 'pl';
    case 'ip':
      return '83.1.2.3';
    case 'url':
      return 'https://example.com/';
    case 'date':
      return '1990-05-17';
    default:
      return 'value';
  }
}

interface GuideOffer {
  id: number;
  title: string;
  vertical: { id: number; title: string };
}

/** the offer by the offer rules of the caller: an affiliate's visible offers, staff's scope (404 otherwise) */
async function offerFor(
  ctx: Ctx,
  offerId: number,
): Promise<{ offer: NonNullable<IntegrationGuide['offer']>; params: IncomingParameter[] }> {
  const view: GuideOffer = isAffiliate(requireActor(ctx)) ? await affiliateOffer(ctx, offerId) : await staffOffer(ctx, offerId);
  const [vertical] = await ctx.db
    .select({ parameters: verticals.incomingParameters })
    .from(verticals)
    .where(eq(verticals.id, view.vertical.id));
  const params = (vertical?.parameters ?? []) as IncomingParameter[];
  const parameters = params.map((p) => ({
    name: p.name,
    title: p.title || p.name,
    type: p.type,
    required: !!p.required,
    where: 'fields' as 'body' | 'fields',
  }));
  return { offer: { id: view.id, title: view.title, vertical: { id: view.vertical.id, title: view.vertical.title }, parameters }, params };
}

/** the example body: the document's own example, posted to the offer (with its vertical's parameters) when one is named */
function exampleBody(
  operationExample: unknown,
  offer: IntegrationGuide['offer'],
  fieldNames: Set<string>,
  verticalParams: IncomingParameter[],
): Json {
  const body: Json = { ...obj(operationExample) };
  if (!offer) return body;
  for (const key of SOURCE_KEYS) delete body[key];
  const custom: Json = {};
  for (const p of verticalParams) {
    if (fieldNames.has(p.name)) body[p.name] ??= sampleOf(p);
    else custom[p.name] = sampleOf(p);
  }
  return { offerId: offer.id, ...body, ...(Object.keys(custom).length && fieldNames.has('fields') ? { fields: custom } : {}) };
}

export async function buildIntegrationGuide(
  ctx: Ctx,
  openapi: unknown,
  input: { offerId?: number; publicUrl: string },
): Promise<IntegrationGuide> {
  const actor = requireActor(ctx);
  const doc = obj(openapi);
  const publicUrl = input.publicUrl.replace(/\/+$/, '');
  const brand = (await getSetting(ctx.db, 'name')) ?? ctx.config.SYSTEM_NAME;
  const scheme = obj(obj(obj(doc.components).securitySchemes)[API_KEY_SCHEME]);
  const tokenHeader = text(scheme.name) || 'X-Api-Key';
  let token: string | null = null;
  if (isAffiliate(actor)) {
    const [own] = await ctx.db.select({ apiToken: users.apiToken }).from(users).where(eq(users.id, actor.id));
    token = own?.apiToken ?? null;
  }
  const named = input.offerId ? await offerFor(ctx, input.offerId) : null;
  const offer = named?.offer ?? null;
  const verticalParams = named?.params ?? [];

  const operations: GuideOperation[] = [];
  for (const [path, item] of Object.entries(obj(doc.paths))) {
    for (const method of METHODS) {
      const op = obj(obj(item)[method]);
      const security = Array.isArray(op.security) ? (op.security as Json[]) : [];
      if (!security.some((s) => API_KEY_SCHEME in obj(s))) continue;
      const content = obj(obj(obj(op.requestBody).content)['application/json']);
      const bodySchema = resolve(doc, content.schema);
      const fields = fieldsOf(doc, bodySchema);
      const names = new Set(fields.map((f) => f.name));
      const responses = obj(op.responses);
      const okSchema = resolve(doc, obj(obj(obj(responses['200']).content)['application/json']).schema);
      const answerFields = fieldsOf(doc, obj(obj(okSchema.properties).data));
      const url = `${publicUrl}${path}`;
      const body = content.schema ? exampleBody(bodySchema.example ?? content.example, offer, names, verticalParams) : undefined;
      const examples: GuideOperation['examples'] = [
        { kind: 'lead', curl: curlOf(method, url, tokenHeader, token ?? TOKEN_PLACEHOLDER, body) },
      ];
      if (body && names.has('test'))
        examples.push({ kind: 'test', curl: curlOf(method, url, tokenHeader, token ?? TOKEN_PLACEHOLDER, { ...body, test: true }) });
      operations.push({
        operationId: text(op.operationId),
        method: method.toUpperCase(),
        path,
        url,
        summary: text(op.summary),
        description: text(op.description),
        fields,
        answerFields,
        responses: Object.entries(responses).map(([code, r]) => ({ code, description: text(obj(r).description) })),
        examples,
      });
    }
  }
  if (offer)
    for (const p of offer.parameters) p.where = operations.some((o) => o.fields.some((f) => f.name === p.name)) ? 'body' : 'fields';

  const macros = MACROS.filter((x) => !x.staffOnly).map(({ name, group, description }) => ({ name, group, description }));
  const example = `https://tracker.example/postback?${POSTBACK_EXAMPLE_MACROS.filter((n) => MACRO_NAMES.has(n))
    .map((n) => `${n}={${n}}`)
    .join('&')}`;
  return {
    brand,
    publicUrl,
    tokenHeader,
    token,
    tokenPlaceholder: TOKEN_PLACEHOLDER,
    offer,
    operations,
    postback: { macros, events: [...POSTBACK_EVENTS], example },
  };
}
