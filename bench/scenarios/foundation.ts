/** Foundation scenarios: the HTTP core (public settings) and an authenticated call (token check + user load). */
import type { Scenario } from '../lib/types';

export const foundation: Scenario[] = [
  {
    name: 'public settings (GET /api/v1/public/api-settings)',
    ceiling: '/ceiling',
    path: '/api/v1/public/api-settings',
    connections: 50,
    targets: { ratioOfCeiling: 0.3, p99Ms: 50 },
  },
  {
    name: 'authenticated call (GET /api/v1/auth/me)',
    ceiling: '/ceiling',
    path: '/api/v1/auth/me',
    auth: true,
    connections: 50,
    targets: { p99Ms: 100 },
  },
];
