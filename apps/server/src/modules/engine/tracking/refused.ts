/**
 * What a visitor sees when a click is refused and the offer has no trafficback URL (docs/decisions/engine.md,
 * "Refused clicks"): a small HTML page naming the reason CATEGORY an affiliate may see, never the internal reason, the
 * campaign, the offer or the affiliate. The pages are built once at start: the answer writes a ready buffer.
 * - inactive (404): unknown link, campaign / offer / affiliate not active, traffic blocked, a failure on the way;
 * - not available here (403): the visitor's country is not accepted, automated traffic, no lander for this visitor.
 */
import type { InvalidReason } from './click';

/** name, value, name, value... (Node's raw header list: no object to build per answer) */
export const BASE_HEADERS = [
  'cache-control',
  'no-store',
  // the lander is not told where the visitor came from (the affiliate's source), as before under helmet
  'referrer-policy',
  'no-referrer',
  'strict-transport-security',
  'max-age=31536000; includeSubDomains',
  'x-content-type-options',
  'nosniff',
];

export interface RefusalPage {
  status: number;
  headers: string[];
  body: Buffer;
}

function page(status: number, title: string, text: string): RefusalPage {
  const body = Buffer.from(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
      `<meta name="robots" content="noindex"><title>${title}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;` +
      'display:flex;min-height:100vh;align-items:center;justify-content:center;background:#f5f5f5;color:#262626}' +
      'main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0;color:#595959}' +
      '@media (prefers-color-scheme:dark){body{background:#141414;color:#f0f0f0}p{color:#a6a6a6}}</style></head>' +
      `<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`,
  );
  return {
    status,
    headers: [
      ...BASE_HEADERS,
      'content-type',
      'text/html; charset=utf-8',
      // the page runs nothing and loads nothing
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'content-length',
      String(body.length),
    ],
    body,
  };
}

export const INACTIVE_PAGE = page(404, 'This link is not active', 'The offer behind this link is not available at the moment.');
export const NOT_HERE_PAGE = page(403, 'This offer is not available here', 'It does not accept visits from your location or device.');

/** the page of an invalid click's reason (null: a click with no reason left without a location, shown as inactive) */
export function refusalPage(reason: InvalidReason | string | null): RefusalPage {
  return reason === 'country_not_allowed' || reason === 'bot' || reason === 'no_lander' ? NOT_HERE_PAGE : INACTIVE_PAGE;
}
