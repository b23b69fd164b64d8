/**
 * /settings/lists/{tags|categories|traffic-sources}: one "Lists" page, a tab per list. Each tab is its own
 * route, shown only with its permission (tags: front.settings.tags.read; the others: front.settings.lists.read).
 */
import { ROUTE_PERMISSIONS } from '@leadgrid/shared/access/permissions';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { Page } from '../../../components/Page';
import { NS } from './i18n';
import { CATEGORIES, SimpleListTab, TRAFFIC_SOURCES } from './SimpleListTab';
import { TagsTab } from './TagsTab';

const TABS = [
  { key: 'tags', label: 'tabs.tags', access: ROUTE_PERMISSIONS.tags, render: () => <TagsTab /> },
  { key: 'categories', label: 'tabs.categories', access: ROUTE_PERMISSIONS.lists, render: () => <SimpleListTab kind={CATEGORIES} /> },
  {
    key: 'traffic-sources',
    label: 'tabs.trafficSources',
    access: ROUTE_PERMISSIONS.lists,
    render: () => <SimpleListTab kind={TRAFFIC_SOURCES} />,
  },
] as const;

export default function ListsPage() {
  const { t } = useTranslation(NS);
  const { access } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = TABS.filter((tab) => allowed(access, tab.access));
  const active = tabs.find((tab) => pathname.endsWith(`/${tab.key}`)) ?? tabs[0];
  return (
    <Page title={t('title')} subtitle={t('subtitle')}>
      <Card variant="borderless" styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={active?.key}
          onChange={(key) => navigate(`/settings/lists/${key}`)}
          items={tabs.map((tab) => ({ key: tab.key, label: t(tab.label) }))}
          data-testid="lists-tabs"
        />
        {/* the active tab only: each keeps its filters, sorting and paging in the URL */}
        {active ? <div key={active.key}>{active.render()}</div> : null}
      </Card>
    </Page>
  );
}
