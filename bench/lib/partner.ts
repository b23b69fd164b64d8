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

/**
 * Makes the ceiling's click 302 carry these headers (a raw list: name, value, ...). Node adds its own `date`,
 * `connection` and `keep-alive` to both servers' answers, so those are left out.
 */
export async function setCeilingClick(headers: Headers): Promise<void> {
  const raw: string[] = [];
  headers.forEach((value, name) => {
    if (name !== 'date' && name !== 'connection' && name !== 'keep-alive') raw.push(name, value);
  });
  const res = await fetch(`${PARTNER}/ceiling/click`, { method: 'PUT', body: JSON.stringify(raw) });
  if (!res.ok) throw new Error(`the ceiling refused the click headers: ${res.status}`);
}
