/**
 * Traffic engine scenarios (issue 7). Click redirect: a public offer with one lander and an affiliate's campaign, made
 * through the API; measured against a bare Node server answering the same 302; afterwards every click answered must
 * be in the database (checked through the clicks count once the batch writer has flushed).
 */
import type { Api } from '../lib/api';
import type { Scenario } from '../lib/types';

async function clickCampaign(api: Api): Promise<{ key: string; campaignId: number }> {
  const stamp = Date.now().toString(36);
  const vertical = await api.create('/verticals', { title: `Bench vertical ${stamp}` });
  const offer = await api.create('/offers', { title: `Bench offer ${stamp}`, verticalId: vertical.id, status: 'active', accessType: 1 });
  await api.create('/landers', { offerId: offer.id, title: 'Bench lander', targetUrl: 'https://lander.example/?click_id={click_id}&s1={sub1}' });
  const affiliate = await api.create('/affiliates', { email: `bench-${stamp}@leadgrid.local`, firstName: 'Bench', password: 'bench-pass-1' });
  const campaign = await api.create<{ id: number; key: string }>('/campaigns', { title: 'Bench campaign', offerId: offer.id, affiliateId: affiliate.id });
  return { key: campaign.key, campaignId: campaign.id };
}

export const traffic: Scenario[] = [
  {
    name: 'click redirect (GET /c/:key, 302 to the lander, click batch-written)',
    ceiling: '/c/ceiling',
    path: '/c/<key>?sub1=bench',
    connections: 50,
    targets: { ratioOfCeiling: 0.5, p99Ms: 25 },
    expect302: true,
    async setup(api) {
      const { key, campaignId } = await clickCampaign(api);
      return { path: `/c/${key}?sub1=bench`, state: { campaignId } };
    },
    async verify(_api, result, state, query) {
      // the writer flushes every 50 ms: give it a moment, then compare with what autocannon saw answered
      await new Promise((r) => setTimeout(r, 1000));
      // autocannon stops counting at the deadline: requests in flight then are answered (and recorded) uncounted
      const { rows } = await query<{ n: string }>('select count(*) as n from clicks where campaign_id = $1', [state.campaignId]);
      const recorded = Number(rows[0]?.n ?? 0);
      return recorded >= result.answered && recorded <= result.sent ? [] : [`${result.answered} clicks answered (${result.sent} sent), ${recorded} recorded`];
    },
  },
];
