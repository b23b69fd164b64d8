/** The partner process (bench/ceiling.ts): the ceiling, a local advertiser API and an affiliate postback receiver. */
export const PARTNER_PORT = Number(process.env.BENCH_PARTNER_PORT ?? 3901);
export const PARTNER = `http://127.0.0.1:${PARTNER_PORT}`;

export interface PartnerStats {
  /** requests received for the tag */
  received: number;
  /** distinct `conv` values received (affiliate receiver) */
  distinct: number;
}

/** what the advertiser (`advertiser/<tag>`) or the affiliate receiver (`affiliate/<tag>`) got so far */
export async function partnerStats(tag: string): Promise<PartnerStats> {
  const res = await fetch(`${PARTNER}/stats/${tag}`);
  return (await res.json()) as PartnerStats;
}
