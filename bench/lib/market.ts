/**
 * The data of the traffic scenarios: the parts an operator makes in the screens go through the API (vertical, public
 * offer, lander, affiliate, campaign); the sell side (platform, integration template, advertiser, its integration with
 * the out-API and postback sections, the offer's advertiser target), caps, payment rules and affiliate postbacks are
 * written with SQL, as the tests' factories do, so the setup stays short and does not depend on the screens' forms.
 */
import { randomBytes } from 'node:crypto';
import type { Api } from './api';
import { PARTNER } from './partner';
import type { Query } from './types';

const token = (n = 24) => randomBytes(n).toString('base64url');

export interface Market {
  stamp: string;
  verticalId: number;
  offerId: number;
  affiliateId: number;
  /** the affiliate's API token (X-Api-Key) */
  apiToken: string;
  campaignId: number;
  campaignKey: string;
  advertiserId: number;
  integrationId: number;
  /** the advertiser integration's inbound postback key */
  postbackKey: string;
}

export async function buildMarket(
  api: Api,
  query: Query,
  opts: { advertiserTag?: string; capLimit?: number; affiliatePostbackTag?: string } = {},
): Promise<Market> {
  const stamp = `${Date.now().toString(36)}${token(3)}`;
  const vertical = await api.create('/verticals', { title: `Bench vertical ${stamp}` });
  const offer = await api.create('/offers', { title: `Bench offer ${stamp}`, verticalId: vertical.id, status: 'active', accessType: 1 });
  await api.create('/landers', {
    offerId: offer.id,
    title: 'Bench lander',
    targetUrl: 'https://lander.example/?click_id={click_id}&s1={sub1}',
  });
  const affiliate = await api.create('/affiliates', {
    email: `bench-${stamp}@leadgrid.local`,
    firstName: 'Bench',
    password: 'bench-pass-1',
  });
  const campaign = await api.create<{ id: number; key: string }>('/campaigns', {
    title: 'Bench campaign',
    offerId: offer.id,
    affiliateId: affiliate.id,
  });
  const one = async <T>(text: string, params: unknown[]) => (await query<T>(text, params)).rows[0];
  const { api_token: apiToken } = await one<{ api_token: string }>('select api_token from users where id = $1', [affiliate.id]);

  const outApi = {
    method: 'POST',
    url: `${PARTNER}/advertiser/${opts.advertiserTag ?? stamp}`,
    headers: [],
    bodyFormat: 'json',
    fieldMappings: [
      { target: 'name', source: 'lead', value: 'firstName' },
      { target: 'phone', source: 'lead', value: 'phone' },
      { target: 'email', source: 'lead', value: 'email' },
      { target: 'ref', source: 'macro', value: 'leadId' },
    ],
    timeoutMs: 5000,
    response: { successStatuses: [200], successPath: 'ok', successValue: 'true', leadIdPath: 'id', redirectUrlPath: 'login' },
  };
  const platform = await one<{ id: number }>(
    `insert into platforms (title, method_api, method_postback) values ($1, true, true) returning id`,
    [`Bench platform ${stamp}`],
  );
  const template = await one<{ id: number }>(
    `insert into integration_templates (title, platform_id, vertical_id) values ($1, $2, $3) returning id`,
    [`Bench template ${stamp}`, platform.id, vertical.id],
  );
  const advertiser = await one<{ id: number }>(
    `insert into advertisers (secure_id, title, platform_id, vertical_id, api_token) values ($1, $2, $3, $4, $5) returning id`,
    [token(12).slice(0, 16), `Bench advertiser ${stamp}`, platform.id, vertical.id, token()],
  );
  const postbackKey = token(16);
  const integration = await one<{ id: number }>(
    `insert into integrations (title, advertiser_id, template_id, platform_id, vertical_id, out_api, out_api_enabled, postback_enabled, postback_key)
     values ($1, $2, $3, $4, $5, $6, true, true, $7) returning id`,
    [`Bench integration ${stamp}`, advertiser.id, template.id, platform.id, vertical.id, JSON.stringify(outApi), postbackKey],
  );
  await query(`insert into offer_advertisers (offer_id, advertiser_id, integration_id) values ($1, $2, $3)`, [
    offer.id,
    advertiser.id,
    integration.id,
  ]);
  await query(
    `insert into payment_rules (offer_id, revenue_value, revenue_currency, payout_value, payout_currency) values ($1, '50', 'USD', '30', 'USD')`,
    [offer.id],
  );
  if (opts.capLimit !== undefined)
    await query(`insert into caps (offer_id, type, value, period, timezone) values ($1, 'limit', $2, 'day', 'UTC')`, [
      offer.id,
      String(opts.capLimit),
    ]);
  if (opts.affiliatePostbackTag)
    await query(
      `insert into postbacks (scope, affiliate_id, title, url, method, events) values ('affiliate', $1, 'Bench postback', $2, 'GET', $3)`,
      [
        affiliate.id,
        `${PARTNER}/affiliate/${opts.affiliatePostbackTag}?conv={conversion_id}&payout={payout}&sub1={sub1}`,
        JSON.stringify(['conversion_pending']),
      ],
    );
  return {
    stamp,
    verticalId: vertical.id,
    offerId: offer.id,
    affiliateId: affiliate.id,
    apiToken,
    campaignId: campaign.id,
    campaignKey: campaign.key,
    advertiserId: advertiser.id,
    integrationId: integration.id,
    postbackKey,
  };
}

/** `count` leads already sent to the market's advertiser (the subjects of inbound postbacks); answers their ids in order */
export async function sentLeads(query: Query, m: Market, count: number): Promise<number[]> {
  const { rows } = await query<{ id: number }>(
    `insert into leads (status, phone, email, country, offer_id, vertical_id, affiliate_id, campaign_id, advertiser_id, integration_id, advertiser_lead_id, sub1, sent_at)
     select 'sent', '+4860' || lpad(g::text, 7, '0'), 'bench' || g || '@example.com', 'PL', $1, $2, $3, $4, $5, $6, 'ADV-' || g, 'pb', now()
     from generate_series(1, $7::int) g
     returning id`,
    [m.offerId, m.verticalId, m.affiliateId, m.campaignId, m.advertiserId, m.integrationId, count],
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** a lead with its own phone and e-mail (no duplicates), posted with the campaign key */
export const leadBody = (campaignKey: string, run: string) => (i: number) => ({
  campaignKey,
  firstName: 'Bench',
  lastName: `Lead ${i}`,
  phone: `+48601${String(i % 1_000_000).padStart(6, '0')}`,
  email: `lead${i}.${run}@bench.example`,
  country: 'PL',
  language: 'pl',
  ip: '83.1.2.3',
  sub1: 'bench',
});
