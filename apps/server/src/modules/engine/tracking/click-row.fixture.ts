/**
 * Click rows for the tracker's tests (the batch writer, the journal, the binary COPY rows): a plain valid click of no
 * campaign, with nothing enriched, `over` setting what a test needs.
 */
import type { ClickRow } from './click-row';
import { uuidv7 } from './uuid';

/** a desktop Chrome's user agent, as the click tests send and store it */
export const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

export const clickRow = (over: Partial<ClickRow> = {}): ClickRow => ({
  id: uuidv7(),
  createdAt: new Date(),
  status: 1,
  invalidReason: null,
  isUnique: false,
  isBot: false,
  isTest: false,
  campaignId: null,
  offerId: null,
  affiliateId: null,
  teamId: null,
  landerId: null,
  trafficSourceId: null,
  country: null,
  language: null,
  ip: null,
  userAgent: null,
  referrer: null,
  targetUrl: null,
  subs: [],
  params: null,
  ...over,
});
