/**
 * Dashboard API (apps/server/src/modules/insights/dashboard): the user's dashboard, its widgets, and each widget's
 * figures through `GET /statistics/dashboard` — one query per widget, so a slow widget never holds the others.
 */
import type {
  Dashboard,
  DashboardPatch,
  DashboardRoleDefault,
  DashboardWidget,
  DashboardWidgetInput,
  DashboardWidgetSettingsInput,
} from '@leadgrid/shared/insights/dashboard';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { DayRange } from '../model';
import { askFigures, takePrefetchedDashboard, takePrefetchedFigures } from './prefetch';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  mine: ['dashboard', 'mine'] as const,
  roleDefaults: ['dashboard', 'role-defaults'] as const,
  data: (widgetId: number, range: DayRange, tz: string) => ['dashboard', 'data', widgetId, range.dateFrom, range.dateTo, tz] as const,
};

/** live counters read again every 30 s (spec: refreshed without a reload) */
export const LIVE_REFRESH_MS = 30_000;

export const useDashboard = () =>
  useQuery({
    queryKey: dashboardKeys.mine,
    queryFn: async ({ signal }) => {
      const early = takePrefetchedDashboard();
      if (early) {
        try {
          return await early;
        } catch {
          // asked again below, where an error is shown
        }
      }
      return api.get<Dashboard>('/dashboard', undefined, { signal });
    },
  });

export { newShowing } from './prefetch';

export function useWidgetData(widget: Pick<DashboardWidget, 'id' | 'type'>, range: DayRange, tz: string, load: string) {
  return useQuery({
    queryKey: dashboardKeys.data(widget.id, range, tz),
    queryFn: async ({ signal }) => {
      const early = takePrefetchedFigures(widget.id, range, tz);
      if (early) {
        try {
          return await early;
        } catch {
          // asked again below, where an error is shown
        }
      }
      return askFigures(widget.id, range, tz, load, signal);
    },
    placeholderData: keepPreviousData,
    refetchInterval: widget.type === 'live' ? LIVE_REFRESH_MS : false,
    staleTime: widget.type === 'live' ? 0 : 30_000,
  });
}

/** the roles that have a default dashboard (role.update) */
export const useRoleDefaults = (enabled: boolean) =>
  useQuery({
    queryKey: dashboardKeys.roleDefaults,
    queryFn: ({ signal }) =>
      api.get<{ items: DashboardRoleDefault[] }>('/dashboard/role-defaults', undefined, { signal }).then((d) => d.items),
    enabled,
  });

/** saving the own dashboard as a role's default, removing a default: the list of defaults is read again */
export function useRoleDefaultMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: dashboardKeys.roleDefaults });
  return {
    save: useMutation({
      mutationFn: (roleId: number) => api.put<DashboardRoleDefault>(`/dashboard/role-defaults/${roleId}`),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (roleId: number) => api.delete<{ roleId: number }>(`/dashboard/role-defaults/${roleId}`),
      onSuccess: refresh,
    }),
  };
}

/** every change answers with (or implies) the new dashboard: the cache is set from it, the figures stay */
export function useDashboardMutations() {
  const client = useQueryClient();
  const setDashboard = (d: Dashboard) => client.setQueryData(dashboardKeys.mine, d);
  const refresh = () => client.invalidateQueries({ queryKey: dashboardKeys.mine });
  return {
    layout: useMutation({
      mutationFn: (body: DashboardPatch) => api.patch<Dashboard>('/dashboard', body, { silent: true }),
      onSuccess: setDashboard,
    }),
    replace: useMutation({
      mutationFn: (body: { settings?: Dashboard['settings']; widgets: DashboardWidgetInput[] }) => api.put<Dashboard>('/dashboard', body),
      onSuccess: (d) => {
        setDashboard(d);
        void client.invalidateQueries({ queryKey: ['dashboard', 'data'] });
      },
    }),
    add: useMutation({
      mutationFn: (item: DashboardWidgetInput) => api.put<{ items: DashboardWidget[] }>('/dashboard/widgets', { items: [item] }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, settings }: { id: number; settings: DashboardWidgetSettingsInput }) =>
        api.patch<DashboardWidget>(`/dashboard/widgets/${id}`, { settings }),
      onSuccess: (w) => {
        void refresh();
        void client.invalidateQueries({ queryKey: ['dashboard', 'data', w.id] });
      },
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete<{ id: number }>(`/dashboard/widgets/${id}`), onSuccess: refresh }),
    /** back to the role's default (or the built-in one): new widgets, so their figures are read anew */
    reset: useMutation({
      mutationFn: () => api.post<Dashboard>('/dashboard/reset'),
      onSuccess: (d) => {
        setDashboard(d);
        void client.invalidateQueries({ queryKey: ['dashboard', 'data'] });
      },
    }),
  };
}
