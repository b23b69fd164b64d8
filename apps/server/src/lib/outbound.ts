/**
 * Outbound HTTP to advertisers and affiliates (architecture §5): one call with a timeout, recorded as it was made
 * (secrets masked) and as it was answered (body cut at 64 KB, time taken), behind an SSRF guard: private, loopback,
 * link-local, unique-local and other non-public addresses are refused unless ALLOW_PRIVATE_CALLBACKS is set. Every
 * address a host name resolves to is checked, and the connection goes to a checked address (no second resolution).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export const RESPONSE_BODY_LIMIT = 64 * 1024;
const MASK = '********';

export interface OutboundRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
  /** values (API keys, passwords) replaced by a mask wherever they appear in the recorded request */
  secrets?: string[];
}
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}
export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  durationMs: number;
}
export interface OutboundResult {
  request: RecordedRequest;
  response: RecordedResponse | null;
  /** why no response came: refused address, DNS failure, timeout, connection error */
  error: string | null;
  /** no (whole) answer came within the timeout */
  timedOut?: boolean;
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // IPv4-compatible IPv6 (deprecated), with :: and ::1: [::127.0.0.1] is [::7f00:1]
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
  ['100::', 64],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** true for an address the platform must not call: private, loopback, link-local, unique-local, multicast, reserved */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

/**
 * Why a URL's host may not be called, as far as the URL tells without a DNS look-up (null: nothing against it): a
 * `localhost` name, a name ending in a dot (`localhost.`: the resolver takes it as the same name), or a non-public
 * address literal (IPv4 in any form the URL parser reads, IPv6 including mapped and IPv4-compatible ones). Used where
 * URLs are saved and again when they are called (a name that resolves to a private address is refused at the call).
 */
export function urlHostProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The URL is not valid';
  }
  // the URL parser drops the final dot of an IPv4 address (127.0.0.1. is 127.0.0.1), not of a name
  const authority = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#]*)/i.exec(url.trim())?.[1] ?? '';
  const rawHost = authority.replace(/:\d*$/, '').toLowerCase();
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host.endsWith('.') || rawHost.endsWith('.')) return `The host ${rawHost} ends with a dot: write it without`;
  if (host === 'localhost' || host.endsWith('.localhost')) return `The address ${host} is not public`;
  if (isIP(host) && isPrivateAddress(host)) return `The address ${host} is not public`;
  return null;
}

export class RefusedAddressError extends Error {}

/** a DNS look-up that fails when any resolved address is not public */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(new RefusedAddressError(`The address ${bad.address} of ${hostname} is not public`), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

function mask(text: string, secrets: string[]): string {
  return secrets.filter((s) => s.length >= 3).reduce((acc, s) => acc.split(s).join(MASK), text);
}

const SECRET_HEADER = /^(authorization|proxy-authorization|x-api-key|api-key|apikey|x-auth-token|cookie)$/i;

function record(req: OutboundRequest): RecordedRequest {
  const secrets = req.secrets ?? [];
  return {
    method: req.method,
    url: mask(req.url, secrets),
    headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, SECRET_HEADER.test(k) ? MASK : mask(v, secrets)])),
    body: req.body === null ? null : mask(req.body, secrets),
  };
}

/** The result of a call decided against before it was made (e.g. a receiver's open circuit breaker), recorded alike. */
export function notCalled(req: OutboundRequest, error: string): OutboundResult {
  return { request: record(req), response: null, error };
}

/** Makes the call; never throws for a refused address, network failure or timeout — the result says what happened. */
export async function callOutbound(req: OutboundRequest, opts: { allowPrivate: boolean }): Promise<OutboundResult> {
  const recorded = record(req);
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return { request: recorded, response: null, error: 'The URL is not valid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { request: recorded, response: null, error: 'Only http and https URLs can be called' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const problem = opts.allowPrivate ? null : urlHostProblem(req.url);
  if (problem) return { request: recorded, response: null, error: problem };

  const started = performance.now();
  const signal = AbortSignal.timeout(req.timeoutMs);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResult>((resolve) => {
    const fail = (err: unknown) => {
      const e = err as Error & { code?: string };
      const error =
        e instanceof RefusedAddressError
          ? e.message
          : signal.aborted
            ? `No answer within ${req.timeoutMs} ms`
            : e.code === 'ENOTFOUND'
              ? `The host ${host} was not found`
              : `The call failed: ${e.code ?? e.message}`;
      resolve({ request: recorded, response: null, error, ...(signal.aborted ? { timedOut: true } : {}) });
    };
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== null && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length'))
      headers['content-length'] = String(Buffer.byteLength(req.body));
    const call = transport.request(url, { method: req.method, headers, signal, lookup: guardedLookup(opts.allowPrivate) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      res.on('data', (chunk: Buffer) => {
        if (size >= RESPONSE_BODY_LIMIT) {
          truncated = true;
          return;
        }
        const room = RESPONSE_BODY_LIMIT - size;
        if (chunk.length > room) truncated = true;
        chunks.push(chunk.subarray(0, room));
        size += Math.min(chunk.length, room);
      });
      res.on('error', fail);
      res.on('end', () => {
        const headersOut: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headersOut[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({
          request: recorded,
          response: {
            status: res.statusCode ?? 0,
            headers: headersOut,
            body: Buffer.concat(chunks).toString('utf8'),
            truncated,
            durationMs: Math.round(performance.now() - started),
          },
          error: null,
        });
      });
    });
    call.on('error', fail);
    if (req.body !== null) call.write(req.body);
    call.end();
  });
}
