/**
 * Status tabs kept in the route (`/affiliates/teams/active`): the tab a path names, and the Segmented switching it.
 * A switch keeps the filters and sorting of the URL but starts from the first page; with `fresh` it drops them all.
 */
import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** the tab named by the path's segment `at` (`/a/b/c` has `a` at 1, -1 is the last), `fallback` for none or another */
export function useRouteTab<K extends string>(tabs: readonly K[], at: number, fallback: K): K {
  const segments = useLocation().pathname.split('/');
  const segment = segments[at < 0 ? segments.length + at : at];
  return (tabs as readonly string[]).includes(segment) ? (segment as K) : fallback;
}

export const STATUS_TABS = ['active', 'inactive', 'all'] as const;
export type StatusTab = (typeof STATUS_TABS)[number];

/** the status tab of a list at `base[/active|/inactive]` (the last segment of the path) */
export const useStatusTab = () => useRouteTab(STATUS_TABS, -1, 'all');

/** the list query's part of a status tab */
export const statusScope = (tab: StatusTab) => (tab === 'all' ? undefined : { status: tab });

export function RouteTabs<K extends string>({
  tabs,
  value,
  base,
  label,
  root,
  fresh,
  inline,
  testId,
}: {
  tabs: readonly K[];
  value: K;
  /** the path the tab is appended to */
  base: string;
  /** a tab's words (or words with a count badge) */
  label: (tab: K) => ReactNode;
  /** the tab shown at `base` itself (its path has no segment) */
  root?: K;
  /** a switch starts from a clean URL */
  fresh?: boolean;
  /** stands in a row (the toolbar), not above the table */
  inline?: boolean;
  testId?: string;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <Segmented<K>
      value={value}
      onChange={(v) =>
        navigate({
          pathname: v === root ? base : `${base}/${v}`,
          search: fresh ? '' : search.replace(/([?&])offset=\d+&?/, '$1'),
        })
      }
      options={tabs.map((tab) => ({ value: tab, label: label(tab) }))}
      style={inline ? undefined : { alignSelf: 'flex-start' }}
      data-testid={testId}
    />
  );
}

/** active / inactive / all in a list's toolbar; "all" is the list's own path and a switch starts from a clean URL */
export function StatusTabs({
  value,
  base,
  allLabel,
  label,
  testId,
}: {
  value: StatusTab;
  base: string;
  /** "all" in the list's words; active and inactive are the common status names */
  allLabel?: string;
  /** every tab in the list's words */
  label?: (tab: StatusTab) => string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <RouteTabs
      tabs={STATUS_TABS}
      value={value}
      base={base}
      root="all"
      fresh
      inline
      label={label ?? ((k) => (k === 'all' ? (allLabel ?? '') : t(`status.${k}`)))}
      testId={testId}
    />
  );
}
