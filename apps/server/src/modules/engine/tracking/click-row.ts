/** A click as the tracker makes it (click.ts) and the batch writer stores it (click-writer.ts); the click journal keeps it too. */
export interface ClickRow {
  id: string;
  createdAt: Date;
  status: 1 | 2;
  invalidReason: string | null;
  isUnique: boolean;
  isBot: boolean;
  /** a staff test click (click.ts): stored, shown in Clicks, left out of statistics */
  isTest: boolean;
  campaignId: number | null;
  offerId: number | null;
  affiliateId: number | null;
  teamId: number | null;
  landerId: number | null;
  trafficSourceId: number | null;
  country: string | null;
  language: string | null;
  ip: string | null;
  userAgent: string | null;
  referrer: string | null;
  targetUrl: string | null;
  /** sub1..sub9 */
  subs: (string | null)[];
  params: Record<string, string> | null;
}
