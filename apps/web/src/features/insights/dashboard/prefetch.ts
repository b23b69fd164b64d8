/**
 * The dashboard is the staff's start page: `GET /dashboard` is asked as soon as the route's chunk starts loading
 * (app/routes.tsx), not after the chunk ran and the page rendered, and `useDashboard` takes that answer once
 * (docs/decisions/insights.md "Dashboard first paint"); the chart's chunk starts loading with it. As soon as the
 * dashboard answers, each widget's figures are asked for the period the page will show (the dashboard's preset or the
 * month so far, in the user's zone), and `useWidgetData` takes each answer once, if it is still fresh. A failed early
 * ask is forgotten: the page asks again and shows that error as usual.
 */
import type { Dashboard, DashboardData } from '@leadgrid/shared/insights/dashboard';
import { api } from '../../../api/client';
import { knownZone } from '../../../app/session';
import type { DayRange } from '../model';

/** an early answer older than this is not taken: the page asks anew */
const EARLY_MS = 10_000;

let early: Promise<Dashboard> | null = null;
const earlyFigures = new Map<string, { at: number; answer: Promise<DashboardData> }>();
const figuresKey = (widgetId: number, range: DayRange, tz: string) => `${widgetId}|${range.dateFrom}|${range.dateTo}|${tz}`;

/**
 * A new showing of the dashboard (a page load, another period): the server lets the widgets of one showing share the
 * statistics they ask alike, and never hands a showing an earlier one's answer.
 */
export const newShowing = (range: DayRange) => `${range.dateFrom}_${range.dateTo}_${Math.random().toString(36).slice(2, 12)}`;

/** one widget's figures for a period (`GET /statistics/dashboard`) */
export const askFigures = (widgetId: number, range: DayRange, tz: string, load: string, signal?: AbortSignal) =>
  api.get<DashboardData>('/statistics/dashboard', { widgetId, ...range, timezone: tz, load }, { signal, silent: true });

export function prefetchDashboard() {
  earlyFigures.clear();
  const asked = api.get<Dashboard>('/dashboard', undefined, { silent: true });
  early = asked;
  asked.catch(() => undefined);
  const zone = knownZone();
  if (zone)
    void asked
      .then(async (dashboard) => {
        // the period helpers come with the page's own chunks, not with the start of the app
        const { defaultRange, presetRange } = await import('../model');
        const range = dashboard.settings.preset ? presetRange(dashboard.settings.preset, zone) : defaultRange(zone);
        const load = newShowing(range);
        const at = Date.now();
        for (const w of dashboard.widgets) {
          const answer = askFigures(w.id, range, zone, load);
          answer.catch(() => undefined);
          earlyFigures.set(figuresKey(w.id, range, zone), { at, answer });
        }
      })
      .catch(() => undefined);
  // the chart library (ECharts, the largest chunk) downloads and compiles while the figures are asked for: a line
  // widget is on nearly every dashboard, the built-in defaults included
  void import('../LineChart').catch(() => undefined);
}

/** the early answer, once; null when there is none */
export function takePrefetchedDashboard(): Promise<Dashboard> | null {
  const taken = early;
  early = null;
  return taken;
}

/** a widget's early figures for this period and zone, once and while fresh; null when there are none */
export function takePrefetchedFigures(widgetId: number, range: DayRange, tz: string): Promise<DashboardData> | null {
  const key = figuresKey(widgetId, range, tz);
  const hit = earlyFigures.get(key);
  earlyFigures.delete(key);
  return hit && Date.now() - hit.at < EARLY_MS ? hit.answer : null;
}
