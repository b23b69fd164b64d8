/**
 * The click answer in plain Node (architecture §5 Click, style §4): `GET /c/<campaignKey>` is served by the HTTP
 * server before Fastify sees it (`clickFrontServer`), so a click pays none of the global hooks (security headers,
 * request id, auth context, permission guard, request logging) — about the cost of the click itself. The Fastify route
 * `/c/:campaignKey` calls the same `serve` (inject in tests, HEAD, and the requests the front leaves: other methods,
 * keys the route table must judge, a closing server), so both paths answer alike:
 * - 302 to the lander (or the trafficback URL) with `cache-control: no-store`;
 * - a short HTML page naming the reason category an affiliate may see (refused.ts) for an unknown key, a key of the
 *   wrong shape, or invalid traffic without a trafficback URL: 404 "not active", 403 "not available here";
 * - a click bearing `lg_test=` is checked against the test-link token (lib/test-link.ts) and, when valid, made a test
 *   click; the normal path pays one string search for it (docs/decisions/engine.md, "Test clicks");
 * - never a 500: a failure is logged by name ('click failed') and answered as above with what is known by then.
 * The headers are the few that mean something on a redirect or a short text answer (docs/decisions/engine.md, 2026-11-25).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { CAMPAIGN_KEY_RE } from '@leadgrid/shared';
import { parse as parseQuery } from 'fast-querystring';
import { TEST_PARAM, type TestLinks } from '../../../lib/test-link';
import type { CapGate } from './cap-gate';
import { makeClick } from './click';
import type { UniqueClicks } from './unique';
import type { ClickWriter } from './click-writer';
import { BASE_HEADERS, INACTIVE_PAGE, refusalPage, type RefusalPage } from './refused';
import type { Route, RoutingCache } from './routing';

const DONE = Promise.resolve();
const TEST_MARK = `${TEST_PARAM}=`;

/** who may set X-Forwarded-For: every hop, the listed addresses and ranges, or nobody (null) */
export type TrustProxy = ((address: string, hop: number) => boolean) | null;

/**
 * The `TRUST_PROXY` setting as Fastify reads it (`true`, or comma-separated addresses / CIDR ranges / `loopback`...);
 * app.ts gives Fastify this same function, so `req.ip` and the click's IP never differ.
 */
export function trustProxyOf(setting: string | undefined): TrustProxy {
  if (!setting) return null;
  if (setting === 'true') return () => true;
  return proxyAddr.compile(setting.split(',').map((s) => s.trim()));
}

/**
 * the visitor's address: the socket's, or the last untrusted hop of X-Forwarded-For behind trusted proxies (the header
 * as `clickHeaders` read it, so that `req.headers` is not built for it)
 */
export function clientIp(req: IncomingMessage, trust: TrustProxy, headers = clickHeaders(req.rawHeaders)): string | undefined {
  if (!trust) return req.socket.remoteAddress;
  const all = proxyAddr.all(
    { headers: { 'x-forwarded-for': headers.forwardedFor }, socket: req.socket } as unknown as IncomingMessage,
    trust,
  );
  return all[all.length - 1];
}

/** anything a header may not carry (controls, spaces, non-ASCII) percent-encoded as UTF-8: a lander URL with a
 * Cyrillic path or a stray space still redirects instead of failing the answer */
const UNSAFE_IN_HEADER = /[^\x21-\x7e]/;
const UNSAFE_RUNS = /[^\x21-\x7e]+/g;
export function headerSafeUrl(url: string): string {
  if (!UNSAFE_IN_HEADER.test(url)) return url;
  return url.replace(UNSAFE_RUNS, (run) => {
    try {
      return encodeURI(run);
    } catch {
      return encodeURI(run.replace(/[\ud800-\udfff]/g, '')); // a lone surrogate has no UTF-8 form
    }
  });
}

interface Log {
  error(obj: object, msg: string): void;
}

/** the request headers a click reads */
export interface ClickHeaders {
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
  referrer: string | undefined;
  forwardedFor: string | undefined;
  /** the caller's X-Request-Id (the answer carries it back) */
  requestId: string | undefined;
}

/**
 * The headers a click reads, from `req.rawHeaders` (names in any case, as sent) with the values `req.headers` would
 * give: the first User-Agent and Referer, the Accept-Language, X-Forwarded-For and X-Request-Id lines joined by ", ". Reading
 * `req.headers` makes Node build an object of every header on the first read, about 2% of the click's CPU
 * (docs/decisions/engine.md "Clicks written as binary COPY").
 */
export function clickHeaders(raw: string[]): ClickHeaders {
  let userAgent: string | undefined;
  let acceptLanguage: string | undefined;
  let referrer: string | undefined;
  let forwardedFor: string | undefined;
  let requestId: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    const n = name.length;
    if (n === 10) {
      if (userAgent === undefined && name.toLowerCase() === 'user-agent') userAgent = raw[i + 1];
    } else if (n === 15) {
      const lower = name.toLowerCase();
      if (lower === 'accept-language') acceptLanguage = acceptLanguage === undefined ? raw[i + 1] : `${acceptLanguage}, ${raw[i + 1]}`;
      else if (lower === 'x-forwarded-for') forwardedFor = forwardedFor === undefined ? raw[i + 1] : `${forwardedFor}, ${raw[i + 1]}`;
    } else if (n === 7) {
      if (referrer === undefined && name.toLowerCase() === 'referer') referrer = raw[i + 1];
    } else if (n === 12 && name.toLowerCase() === 'x-request-id')
      requestId = requestId === undefined ? raw[i + 1] : `${requestId}, ${raw[i + 1]}`;
  }
  return { userAgent, acceptLanguage, referrer, forwardedFor, requestId };
}

/** the tracking state a click reads (index.ts's `Tracking` holds it, with the change feed and this handler) */
export interface ClickState {
  routing: RoutingCache;
  clicks: ClickWriter;
  unique: UniqueClicks;
  /** offers capped out for clicks (trafficback), from a snapshot refreshed off the request path */
  caps: CapGate;
  now: () => Date;
  /** checks the tokens of staff test links (lib/test-link.ts) */
  testLinks: TestLinks;
}

export class ClickHandler {
  /** set when the app starts closing: new requests go to Fastify, which answers 503 and closes the connection */
  closing = false;

  constructor(
    private readonly tracking: ClickState,
    private readonly trust: TrustProxy,
    private readonly log: Log,
  ) {}

  /** serves `GET /c/<key>` with a key of the right shape and answers true; else leaves the request and answers false */
  readonly take = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url;
    if (this.closing || req.method !== 'GET' || url === undefined || !url.startsWith('/c/')) return false;
    const q = url.indexOf('?', 3);
    const key = q < 0 ? url.slice(3) : url.slice(3, q);
    if (!CAMPAIGN_KEY_RE.test(key)) return false;
    void this.serve(req, res, key, q < 0 ? '' : url.slice(q + 1));
    return true;
  };

  /**
   * one click: resolves the campaign, records the click, answers; never rejects. A campaign this process holds
   * (nearly every click) is served without a promise; the first click of a key waits for its load.
   */
  serve(req: IncomingMessage, res: ServerResponse, key: string, search: string): Promise<void> {
    const known = CAMPAIGN_KEY_RE.test(key) ? this.tracking.routing.peek(key) : null;
    if (known === undefined) return this.serveLoading(req, res, key, search);
    return this.record(req, res, key, search, known) ?? DONE;
  }

  private async serveLoading(req: IncomingMessage, res: ServerResponse, key: string, search: string): Promise<void> {
    let route: Route | null;
    try {
      route = await this.tracking.routing.get(key);
    } catch (err) {
      this.log.error({ err, campaignKey: key }, 'click failed');
      route = null;
    }
    await this.record(req, res, key, search, route);
  }

  /** records the click of a resolved campaign and queues its answer; a promise only while the click is being written */
  private record(req: IncomingMessage, res: ServerResponse, key: string, search: string, route: Route | null): Promise<void> | undefined {
    const tracking = this.tracking;
    let location: string | null = null;
    let clickId: string | undefined;
    let page: RefusalPage = INACTIVE_PAGE;
    const headers = clickHeaders(req.rawHeaders);
    const given = headers.requestId;
    try {
      if (route) {
        const now = tracking.now();
        const query = search ? parseQuery(search) : {};
        const test = search.includes(TEST_MARK) && this.testClick(key, query, now);
        const click = makeClick(
          route,
          {
            ip: clientIp(req, this.trust, headers),
            userAgent: headers.userAgent,
            acceptLanguage: headers.acceptLanguage,
            referrer: headers.referrer,
            query,
            now,
            capped: tracking.caps.isClosed(route.offerId),
            test,
          },
          (k) => tracking.unique.check(k, now.getTime()),
        );
        clickId = click.row.id;
        location = click.location;
        if (!location) page = refusalPage(click.row.invalidReason);
        const writing = tracking.clicks.push(click.row);
        if (writing) {
          const id = clickId;
          const to = location;
          const shown = page;
          return writing.then(
            () => this.queue(given, res, to, id, shown),
            (err: unknown) => {
              this.log.error({ err, campaignKey: key, clickId: id }, 'click failed');
              this.queue(given, res, to, id, shown);
            },
          );
        }
      }
    } catch (err) {
      this.log.error({ err, campaignKey: key, clickId }, 'click failed');
    }
    this.queue(given, res, location, clickId, page);
    return undefined;
  }

  /** a click carrying a test-link token: a test click when the token is this key's and unexpired (taken out of the
   * parameters passed on either way) */
  private testClick(key: string, query: Record<string, unknown>, now: Date): boolean {
    const token = query[TEST_PARAM];
    delete query[TEST_PARAM];
    return this.tracking.testLinks.verify(key, token, now.getTime());
  }

  /** `given`: the caller's request id */
  private queue(
    given: string | undefined,
    res: ServerResponse,
    location: string | null,
    clickId: string | undefined,
    page: RefusalPage,
  ): void {
    // answered with the others of this turn of the event loop (see `answerAll`)
    if (this.queued.push(given, res, location, clickId, page) === 5) setImmediate(this.answerAll);
  }

  /** the clicks of this turn of the event loop, waiting for their answer: the caller's request id, response, location, click id, refusal page... */
  private queued: unknown[] = [];

  /**
   * Answers the clicks taken in one turn of the event loop together, after all of them were read: the socket writes
   * come back to back, so the load balancer's or visitor's side is woken once for many answers instead of once per
   * answer (kernel time of the write was ~45% of the click's CPU; this measured 4% less app CPU and 8% more clicks/s
   * in the bench). The delay is the rest of the turn: well under a millisecond.
   */
  private readonly answerAll = () => {
    const q = this.queued;
    this.queued = [];
    // these clicks in the click journal first (click-journal.ts): no click answered before it is on disk
    this.tracking.clicks.syncJournal();
    for (let i = 0; i < q.length; i += 5) {
      const res = q[i + 1] as ServerResponse;
      try {
        this.answer(q[i] as string | undefined, res, q[i + 2] as string | null, q[i + 3] as string | undefined, q[i + 4] as RefusalPage);
      } catch (err) {
        // answer() catches what the runtime throws; this keeps one surprise from leaving the others unanswered
        this.log.error({ err, clickId: q[i + 3] }, 'click failed');
        res.destroy();
      }
    }
  };

  private answer(
    given: string | undefined,
    res: ServerResponse,
    location: string | null,
    clickId: string | undefined,
    page: RefusalPage,
  ): void {
    if (res.headersSent || res.destroyed) return;
    // the caller's request id when it sends one (as Fastify does), else the click's id: the answer names its click row
    const requestId = given || (clickId ?? randomUUID());
    try {
      if (location) {
        res.writeHead(302, [...BASE_HEADERS, 'location', headerSafeUrl(location), 'x-request-id', requestId, 'content-length', '0']);
        res.end();
      } else {
        res.writeHead(page.status, [...page.headers, 'x-request-id', requestId]);
        res.end(page.body);
      }
    } catch (err) {
      // a header the runtime refuses: the plain answer without it
      this.log.error({ err, clickId }, 'click failed');
      try {
        if (res.headersSent) res.destroy();
        else {
          res.writeHead(page.status, page.headers);
          res.end(page.body);
        }
      } catch {
        res.destroy();
      }
    }
  }
}

/**
 * Fastify's `serverFactory`: the HTTP server it would make (same timeouts), with the click front before it. `front`
 * is read per request, since the tracker is set up after the Fastify instance exists.
 */
export function clickFrontServer(
  front: () => ClickHandler | undefined,
): (handler: (req: IncomingMessage, res: ServerResponse) => void, options: object) => Server {
  return (handler, options) => {
    const opts = options as {
      http?: ServerOptions;
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number;
    };
    const server = createServer(opts.http ?? {}, (req, res) => {
      if (!front()?.take(req, res)) handler(req, res);
    });
    if (opts.keepAliveTimeout !== undefined) server.keepAliveTimeout = opts.keepAliveTimeout;
    if (opts.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout ?? 0);
    if (opts.maxRequestsPerSocket && opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    return server;
  };
}
