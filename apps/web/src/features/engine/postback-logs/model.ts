/**
 * The postback-log screens' rules without React: which tabs a user sees (advertiser logs need
 * log.postback.advertiser.read and are never shown to affiliates; the first tab is the default), the URL filters
 * and the list query they make, and the request of a log read from its stored data.
 */
import type { PostbackLog } from '@leadgrid/shared/engine/postback-logs';
import type { AccessSubject } from '@leadgrid/shared/access/permissions';
import type { Query } from '../../../api/client';
import { allowed, isAffiliate } from '../../../app/access';

export type LogTab = 'advertisers' | 'affiliates';
export const ADVERTISER_LOG_READ = 'log.postback.advertiser.read';

export function logTabs(access: AccessSubject | null | undefined): LogTab[] {
  if (access && !isAffiliate(access) && allowed(access, ADVERTISER_LOG_READ)) return ['advertisers', 'affiliates'];
  return ['affiliates'];
}
export const defaultLogTab = (access: AccessSubject | null | undefined): LogTab => logTabs(access)[0];

export const FILTERS = ['createdFrom', 'createdTo', 'success', 'affiliateId', 'advertiserId', 'leadId', 'conversionId', 'event'] as const;

/** the list query: filters of the URL that apply to the tab (advertisers on the advertiser log, events on the affiliate log) */
export function listQuery(tab: LogTab, filters: Query, staff: boolean): Query {
  const q: Query = {};
  for (const name of FILTERS) {
    const v = filters[name];
    if (!v) continue;
    if (name === 'advertiserId' && tab !== 'advertisers') continue;
    if (name === 'event' && tab !== 'affiliates') continue;
    if (name === 'affiliateId' && !staff) continue;
    q[name] = v;
  }
  return q;
}

export interface LogRequest {
  method: string | null;
  url: string | null;
  headers: Record<string, unknown> | null;
  body: unknown;
  query: unknown;
  ip: string | null;
}

/** outbound logs keep `data.request`; inbound ones keep method, url, ip, query and body at the top */
export function requestOf(log: Pick<PostbackLog, 'data'>): LogRequest {
  const d = log.data ?? {};
  const r = (typeof d.request === 'object' && d.request ? d.request : d) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    method: str(r.method),
    url: str(r.url),
    headers: typeof r.headers === 'object' && r.headers ? (r.headers as Record<string, unknown>) : null,
    body: r.body ?? null,
    query: r.query ?? null,
    ip: str(r.ip),
  };
}

/** a body or query for display: objects and JSON texts as indented JSON, other strings as they are */
export function pretty(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v !== 'string') return JSON.stringify(v, null, 2);
  if (!/^\s*[[{]/.test(v)) return v;
  try {
    return JSON.stringify(JSON.parse(v), null, 2);
  } catch {
    return v;
  }
}
