/**
 * The OpenAPI document an integrator generates a client from (docs/decisions/engine.md "Links, onboarding and API"):
 * every operation gets, centrally and never by hand in the 300+ routes, an `operationId` and a summary derived from
 * its method and path, and the standard error answers (`{statusCode, message, errors}`, architecture §4) its route
 * options allow — 400 when it takes input, 401 unless public, 403 when a permission or a rule on the caller applies,
 * 404 when it names a row by path, 429 when rate-limited. A route whose answers are a contract of their own (the lead
 * API) states its 4xx with `errorAnswers` instead, each with what it means there. The whole document then gets its
 * `servers` and loses OpenAPI 3.0's one trap left by the zod conversion: `nullable` beside no `type` (spread to the
 * alternatives).
 * Checked by Redocly's recommended rules in openapi.test.ts.
 */
import { errorSchema } from '@leadgrid/shared';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Json = Record<string, unknown>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

const ERROR_BODY = z.toJSONSchema(errorSchema, { target: 'openapi-3.0' }) as Json;
delete ERROR_BODY.$schema;

const ERRORS: Record<string, string> = {
  '400': 'Invalid request: `errors` names each field in error (`loc`) and why (`type`, `msg`)',
  '401': 'No valid sign-in: the bearer token (or API token) is missing, expired or revoked',
  '403': 'The caller may not do this (a missing permission, or a row outside the caller’s scope)',
  '404': 'No such row, or one the caller may not see',
  '429': 'Too many requests: wait and try again',
};

/**
 * A route's own error answers, each code with what it means on that route, all with the error body: the route's
 * `schema.response` then lists exactly these 4xx (the defaults of `errorCodes` are not added).
 */
export function errorAnswers<C extends number>(meanings: Record<C, string>): Record<C, typeof errorSchema> {
  return Object.fromEntries(Object.entries<string>(meanings).map(([code, text]) => [code, errorSchema.describe(text)])) as Record<
    C,
    typeof errorSchema
  >;
}

const API_PREFIX = '/api/v1';
const VERBS: Record<string, string> = {
  get: 'get',
  put: 'create',
  patch: 'edit',
  post: 'post',
  delete: 'delete',
  head: 'head',
  options: 'options',
};
const words = (s: string) => s.split(/[-_.\s]+/).filter(Boolean);
const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** path parts after /api/v1: `{id}` → "by id" */
function parts(url: string) {
  const path = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url;
  return path
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      const param = /^[{:](\w+)}?$/.exec(seg);
      return param
        ? { param: true, words: ['by', ...words(param[1].replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase())] }
        : { param: false, words: words(seg) };
    });
}

/** `GET /api/v1/offers/{id}/advertisers` → `getOffersByIdAdvertisers` */
export function operationIdOf(method: string, url: string): string {
  const all = parts(url).flatMap((p) => p.words);
  return method.toLowerCase() + all.map((w) => cap(w.replace(/[^A-Za-z0-9]/g, ''))).join('');
}

/** `POST /api/v1/offers/change_status` → "Post offers change status"; `GET /api/v1/offers/{id}` → "Get offers by id" */
export function summaryOf(method: string, url: string): string {
  const verb = VERBS[method.toLowerCase()] ?? method.toLowerCase();
  const text = parts(url)
    .flatMap((p) => p.words)
    .join(' ');
  return cap(`${verb} ${text || 'root'}`);
}

function errorCodes(schema: Json, route: RouteOptions): string[] {
  const cfg = (route.config ?? {}) as Json;
  const takesInput = !!(schema.body || schema.querystring || schema.params || schema.headers);
  const codes = new Set<string>();
  if (takesInput || !['GET', 'HEAD', 'OPTIONS'].includes(String(route.method).toUpperCase())) codes.add('400');
  if (!cfg.public) codes.add('401');
  if (cfg.permission || cfg.authenticated || cfg.apiToken) codes.add('403');
  if (schema.params || /[{:]\w+/.test(route.url)) codes.add('404');
  if (cfg.rateLimit) codes.add('429');
  // a public route with no input can still be sent a malformed request
  if (!codes.size) codes.add('400');
  return [...codes];
}

/** swagger `transform`: the zod → JSON Schema conversion, then operationId, summary and the error answers */
export function openapiTransform(input: TransformInput) {
  const out = jsonSchemaTransform(input) as { schema: FastifySchema & Json; url: string };
  const method = String(Array.isArray(input.route.method) ? input.route.method[0] : input.route.method);
  const schema: Json = { ...out.schema };
  schema.operationId ??= operationIdOf(method, input.url);
  schema.summary ??= summaryOf(method, input.url);
  const response: Json = { ...((schema.response as Json | undefined) ?? {}) };
  const has4xx = Object.keys(response).some((code) => /^4/.test(code));
  if (!has4xx) for (const code of errorCodes(schema, input.route)) response[code] = { description: ERRORS[code], ...ERROR_BODY };
  schema.response = response;
  return { schema, url: out.url };
}

/** `nullable` needs a `type` beside it in OpenAPI 3.0: spread it onto the alternatives of an anyOf/oneOf, drop it on `{}` */
export function fixNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const x of node) fixNullable(x);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  if (o.nullable === true && o.type === undefined) {
    const alternatives = (o.anyOf ?? o.oneOf) as Json[] | undefined;
    if (alternatives) for (const alt of alternatives) if (!alt.$ref) alt.nullable = true;
    if (!alternatives || alternatives.every((a) => !a.$ref)) delete o.nullable;
  }
  for (const v of Object.values(o)) fixNullable(v);
}

/** swagger `transformObject`: servers, nullable fixed, operationIds unique */
export function openapiTransformObject(publicUrl: string | undefined) {
  return (input: { openapiObject?: Json; swaggerObject?: Json }) => {
    const doc = (input.openapiObject ?? input.swaggerObject) as Json;
    doc.servers = [
      publicUrl
        ? { url: publicUrl.replace(/\/+$/, ''), description: 'This installation' }
        : { url: '/', description: 'The host serving this document' },
    ];
    fixNullable(doc.paths);
    fixNullable(doc.components);
    const seen = new Map<string, number>();
    for (const item of Object.values((doc.paths ?? {}) as Record<string, Record<string, Json>>)) {
      for (const op of Object.values(item)) {
        if (!op || typeof op !== 'object' || typeof op.operationId !== 'string') continue;
        const n = (seen.get(op.operationId) ?? 0) + 1;
        seen.set(op.operationId, n);
        if (n > 1) op.operationId = `${op.operationId}${n}`;
      }
    }
    return doc;
  };
}
