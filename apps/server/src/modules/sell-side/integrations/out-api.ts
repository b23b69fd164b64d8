/**
 * Builds the outbound request of an integration's outApi section for a lead, and reads the advertiser's answer by
 * the response mapping. Pure functions: the test send uses them now, the lead engine later.
 */
import { randomUUID } from 'node:crypto';
import type { ApiParameter, OutApi, ResponseMapping } from '@leadgrid/shared';

export type LeadValues = Record<string, string | number | boolean | null | undefined>;
export interface SendContext {
  lead: LeadValues;
  parameters: ApiParameter[];
  /** leadId, clickId, offerId, affiliateId when known; timestamp, isoDate and uuid are made here */
  macros: Record<string, string>;
  now: Date;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function macroValues(c: SendContext): Record<string, string> {
  return { timestamp: String(Math.floor(c.now.getTime() / 1000)), isoDate: c.now.toISOString(), uuid: randomUUID(), ...c.macros };
}

/** `{{name}}` = API parameter, `{{lead.<field>}}` = lead field, `{{macro.<name>}}` = macro; unknown ones become empty */
function resolver(c: SendContext, macros: Record<string, string>) {
  const params = new Map(c.parameters.map((p) => [p.name, p.value]));
  return (name: string): { value: string; fromParameter: boolean } => {
    if (name.startsWith('lead.')) return { value: text(c.lead[name.slice(5)]), fromParameter: false };
    if (name.startsWith('macro.')) return { value: macros[name.slice(6)] ?? '', fromParameter: false };
    return { value: params.get(name) ?? '', fromParameter: true };
  };
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;

/** substitutes placeholders; in URLs, lead and macro values are percent-encoded, parameter values (base URLs, keys) are not */
function fill(template: string, resolve: ReturnType<typeof resolver>, inUrl: boolean): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const { value, fromParameter } = resolve(name);
    return inUrl && !fromParameter ? encodeURIComponent(value) : value;
  });
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
  secrets: string[];
}

/** The exact request of an outApi section for one lead. A GET carries its mapped fields in the query whatever the body format. */
export function buildOutApiRequest(out: OutApi, c: SendContext): BuiltRequest {
  const macros = macroValues(c);
  const resolve = resolver(c, macros);
  const fields: [string, string][] = out.fieldMappings.map((m) => {
    const value =
      m.source === 'lead'
        ? text(c.lead[m.value])
        : m.source === 'macro'
          ? (macros[m.value] ?? '')
          : m.source === 'parameter'
            ? (c.parameters.find((p) => p.name === m.value)?.value ?? '')
            : fill(m.value, resolve, false);
    return [m.target, value];
  });
  const url = new URL(fill(out.url, resolve, true));
  const headers: Record<string, string> = Object.fromEntries(out.headers.map((h) => [h.name, fill(h.value, resolve, false)]));
  const format = out.method === 'GET' ? 'query' : out.bodyFormat;
  let body: string | null = null;
  if (format === 'query') {
    for (const [k, v] of fields) url.searchParams.append(k, v);
  } else if (format === 'form') {
    body = new URLSearchParams(fields).toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else {
    body = JSON.stringify(Object.fromEntries(fields));
    headers['content-type'] ??= 'application/json';
  }
  return {
    method: out.method,
    url: url.toString(),
    headers,
    body,
    timeoutMs: out.timeoutMs,
    secrets: c.parameters.filter((p) => p.secret).map((p) => p.value),
  };
}

/** the value at a dotted JSON path (`data.items.0.id`) */
export function valueAt(json: unknown, path: string | undefined): unknown {
  if (!path) return undefined;
  let cur: unknown = json;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

export interface ParsedAnswer {
  success: boolean;
  advertiserLeadId: string | null;
  redirectUrl: string | null;
  error: string | null;
}

/** Reads an answer by the response mapping: success by HTTP status and/or a value at a JSON path. */
export function parseOutApiResponse(mapping: ResponseMapping, res: { status: number; body: string }): ParsedAnswer {
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = undefined;
  }
  const statusOk = mapping.successStatuses.length ? mapping.successStatuses.includes(res.status) : res.status >= 200 && res.status < 300;
  const valueOk = mapping.successPath ? text(valueAt(json, mapping.successPath)) === text(mapping.successValue) : true;
  const success = statusOk && valueOk;
  const pick = (path?: string) => {
    const v = valueAt(json, path);
    return v === undefined || v === null || typeof v === 'object' ? null : String(v);
  };
  const error = success
    ? null
    : (pick(mapping.errorPath) ?? (statusOk ? 'The answer does not match the success rule' : `HTTP ${res.status}`));
  return { success, advertiserLeadId: pick(mapping.leadIdPath), redirectUrl: pick(mapping.redirectUrlPath), error };
}
