/**
 * The dashboard is the staff's start page: `GET /dashboard` is asked as soon as the route's chunk starts loading
 * (app/routes.tsx), not after the chunk ran and the page rendered, and `useDashboard` takes that answer once
 * (docs/decisions/insights.md "Dashboard first paint"), and the chart's chunk starts loading with it. A failed early ask is forgotten: the page asks again and
 * shows that error as usual.
 */
import type { Dashboard } from '@leadgrid/shared/insights/dashboard';
import { api } from '../../../api/client';

let early: Promise<Dashboard> | null = null;

export function prefetchDashboard() {
  early = api.get<Dashboard>('/dashboard', undefined, { silent: true });
  early.catch(() => undefined);
  // the chart library (ECharts, the largest chunk) downloads and compiles while the figures are asked for: a line
  // widget is on nearly every dashboard, the built-in defaults included
  void import('../statistics/LineChart').catch(() => undefined);
}

/** the early answer, once; null when there is none */
export function takePrefetchedDashboard(): Promise<Dashboard> | null {
  const taken = early;
  early = null;
  return taken;
}
