/** The campaign the campaign screens' component tests render: active, no landers, no postbacks. */
import type { Campaign } from '@leadgrid/shared/inventory/campaigns';

export const CAMPAIGN: Campaign = {
  id: 7,
  key: 'AbCdEfGhIjKl',
  title: 'FB DE',
  status: 'active',
  statusChangedAt: null,
  statusChangedBy: null,
  blockReason: null,
  affiliate: { id: 3, firstName: 'Alice', lastName: 'P', email: 'a@x.io' },
  team: null,
  offer: { id: 11, title: 'Loans DE', status: 'active' },
  integrationMethod: 'api',
  countries: [],
  domain: null,
  landers: [],
  trafficSource: null,
  postbacks: [],
  targetUrlSettings: { mode: 'landers', url: null, passSubs: true, passQuery: false, params: [] },
  trackingUrl: 'https://t.example.com/c/AbCdEfGhIjKl?sub1={sub1}',
  autocreated: false,
  leadCount: 0,
  conversionCounts: { day: 0, week: 0, month: 0 },
  createdAt: 1_790_000_000,
  createdBy: null,
  updatedAt: 1_790_000_000,
};
