/**
 * / (front.dashboard.read; the staff's start page, product §2): the user's own dashboard. Widgets are added, configured
 * and removed here, dragged by their title to reorder and resized by their corner (react-grid-layout); the new layout
 * is saved when a drag or resize ends. One period for the whole dashboard, with the presets of product §9, defaulting to
 * the current period in the user's zone (the statistics' default); each widget reads its own figures.
 */
import { DownOutlined, PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import {
  DASHBOARD_COLUMNS,
  DASHBOARD_PRESETS,
  DASHBOARD_ROW_HEIGHT,
  type DashboardWidget,
  type DashboardWidgetInput,
} from '@leadgrid/shared/insights/dashboard';
import { App, Button, Card, Dropdown, Empty, Flex, Skeleton, type MenuProps } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import ReactGridLayout, { useContainerWidth, type Layout, type LayoutItem } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { Page } from '../../../components/Page';
import { RangePicker } from '../FilterBar';
import { useActiveMetrics } from '../metrics';
import { defaultRange, presetRange, type DayRange } from '../model';
import { newShowing, useDashboard, useDashboardMutations } from './api';
import { useDashboardT } from './i18n';
import type { WidgetDraft } from './WidgetEditor';
import { Widget } from './Widgets';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const WidgetEditor = lazyWhenOpen(() => import('./WidgetEditor').then((m) => m.WidgetEditor));

const RoleDefaultsModal = lazyWhenOpen(() => import('./RoleDefaultsModal').then((x) => x.RoleDefaultsModal));

/** where a new widget goes and how big it starts, per type */
const NEW_SIZE: Record<DashboardWidgetInput['type'], { w: number; h: number }> = {
  kpi: { w: 3, h: 3 },
  line: { w: 8, h: 8 },
  top: { w: 6, h: 6 },
  funnel: { w: 4, h: 5 },
  live: { w: 4, h: 3 },
};

const toLayout = (widgets: DashboardWidget[]): Layout =>
  widgets.map((w) => ({
    i: String(w.id),
    x: w.settings.position.x,
    y: w.settings.position.y,
    w: w.settings.size.w,
    h: w.settings.size.h,
    minW: 2,
    minH: 2,
  }));

/** the layout's order: top to bottom, then left to right */
const ordered = (layout: Layout) => [...layout].sort((a, b) => a.y - b.y || a.x - b.x);

export default function DashboardPage() {
  const { t } = useDashboardT();
  const { user, access, timezone: tz } = useSession();
  const { modal } = App.useApp();
  const dashboard = useDashboard();
  const active = useActiveMetrics().data;
  const m = useDashboardMutations();
  const { width, containerRef, mounted } = useContainerWidth();
  const preset = dashboard.data?.settings.preset;
  const [chosen, setChosen] = useState<DayRange | null>(null);
  const range = useMemo(() => chosen ?? (preset ? presetRange(preset, tz) : defaultRange(tz)), [chosen, preset, tz]);
  // a new showing for every period (a new zone makes a new range too): the widgets share their statistics within one
  const load = useMemo(() => newShowing(range), [range]);
  const [editing, setEditing] = useState<DashboardWidget | 'new' | null>(null);
  const [roleDefaultsOpen, setRoleDefaultsOpen] = useState(false);
  // saving a role's default is editing roles (docs/decisions/insights.md "Dashboard: role defaults")
  // the modal picks from the roles list, which needs role.read as well
  const mayEditRoles = allowed(access, 'role.update') && allowed(access, 'role.read');

  const widgets = useMemo(() => dashboard.data?.widgets ?? [], [dashboard.data]);
  const layout = useMemo(() => toLayout(widgets), [widgets]);

  const save = useCallback(
    (next: Layout) => {
      const byId = new Map(widgets.map((w) => [String(w.id), w]));
      const changed = next.some((l) => {
        const w = byId.get(l.i);
        return (
          w && (w.settings.position.x !== l.x || w.settings.position.y !== l.y || w.settings.size.w !== l.w || w.settings.size.h !== l.h)
        );
      });
      if (!changed) return;
      m.layout.mutate({
        layout: ordered(next).map((l: LayoutItem, order) => ({
          id: Number(l.i),
          order,
          position: { x: l.x, y: l.y },
          size: { w: l.w, h: l.h },
        })),
      });
    },
    [widgets, m.layout],
  );

  const onRange = (r: DayRange) => {
    setChosen(r);
    const match = DASHBOARD_PRESETS.find((p) => {
      const pr = presetRange(p, tz);
      return pr.dateFrom === r.dateFrom && pr.dateTo === r.dateTo;
    });
    // a preset is remembered with the dashboard; a custom period lasts for the visit
    if (match && match !== preset) m.layout.mutate({ settings: { preset: match } });
  };

  const onSave = (draft: WidgetDraft) => {
    const base = {
      title: draft.title?.trim() || undefined,
      metrics: draft.type === 'funnel' || draft.type === 'live' ? [] : draft.metrics,
      filters: {},
    };
    const extra = draft.type === 'top' ? { groupBy: draft.groupBy, limit: draft.limit ?? 5 } : {};
    if (editing && editing !== 'new') {
      m.update.mutate(
        { id: editing.id, settings: { ...editing.settings, ...base, groupBy: undefined, limit: undefined, ...extra } },
        { onSuccess: () => setEditing(null) },
      );
      return;
    }
    const size = NEW_SIZE[draft.type];
    const bottom = layout.reduce((y, l) => Math.max(y, l.y + l.h), 0);
    m.add.mutate(
      { type: draft.type, settings: { ...base, ...extra, size, position: { x: 0, y: bottom } } },
      { onSuccess: () => setEditing(null) },
    );
  };

  const confirmReset = () =>
    modal.confirm({
      title: t('resetConfirm'),
      content: t('resetHint'),
      okText: t('reset'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'dashboard-reset-ok' } as Record<string, string>) },
      cancelText: t('form.cancel'),
      onOk: () => m.reset.mutateAsync().catch(() => undefined),
    });

  const more: MenuProps['items'] = [
    { key: 'reset', icon: <UndoOutlined />, label: t('reset'), danger: true },
    ...(mayEditRoles ? [{ key: 'roleDefault', icon: <SaveOutlined />, label: t('roleDefaults.menu') }] : []),
  ];

  return (
    <Page
      title={t('title')}
      subtitle={user ? t('welcome', { name: user.firstName || user.email }) : undefined}
      extra={
        <>
          <RangePicker value={range} tz={tz} onChange={onRange} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="dashboard-add">
            {t('add')}
          </Button>
          <Dropdown
            trigger={['click']}
            placement="bottomRight"
            menu={{
              items: more,
              onClick: ({ key }) => (key === 'reset' ? confirmReset() : setRoleDefaultsOpen(true)),
            }}
          >
            <Button data-testid="dashboard-more">
              {t('more')} <DownOutlined />
            </Button>
          </Dropdown>
        </>
      }
    >
      <div ref={containerRef} style={{ margin: '0 -10px' }} data-testid="dashboard-grid">
        {!dashboard.data ? (
          <Flex gap={16} wrap style={{ padding: 10 }}>
            {[0, 1, 2, 3].map((i) => (
              <Card key={i} variant="borderless" style={{ flex: '1 1 220px' }}>
                <Skeleton active paragraph={{ rows: 2 }} />
              </Card>
            ))}
          </Flex>
        ) : widgets.length === 0 ? (
          <Card variant="borderless" style={{ margin: 10 }}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
          </Card>
        ) : mounted ? (
          <ReactGridLayout
            layout={layout}
            width={width}
            gridConfig={{ cols: DASHBOARD_COLUMNS, rowHeight: DASHBOARD_ROW_HEIGHT, margin: [16, 16], containerPadding: [10, 0] }}
            dragConfig={{ enabled: true, handle: '.dashboard-drag', cancel: '.dashboard-no-drag' }}
            resizeConfig={{ enabled: true, handles: ['se'] }}
            onDragStop={(next) => save(next)}
            onResizeStop={(next) => save(next)}
          >
            {widgets.map((w) => (
              <div key={String(w.id)}>
                <Widget
                  widget={w}
                  range={range}
                  tz={tz}
                  load={load}
                  active={active}
                  onConfigure={() => setEditing(w)}
                  onRemove={() => m.remove.mutate(w.id)}
                />
              </div>
            ))}
          </ReactGridLayout>
        ) : null}
      </div>
      <WidgetEditor
        open={editing !== null}
        widget={editing && editing !== 'new' ? editing : undefined}
        active={active}
        saving={m.add.isPending || m.update.isPending}
        onCancel={() => setEditing(null)}
        onSave={onSave}
      />
      {mayEditRoles ? <RoleDefaultsModal open={roleDefaultsOpen} tz={tz} onClose={() => setRoleDefaultsOpen(false)} /> : null}
    </Page>
  );
}
