/**
 * The sidebars built from the route table (app/routes.tsx), with their icons: a module of the signed-in frame's
 * chunk, so the login page loads no menu icon (docs/decisions/web.md, first-load budgets).
 */
import {
  ApiOutlined,
  AppstoreOutlined,
  ArrowLeftOutlined,
  BarChartOutlined,
  ContactsOutlined,
  ControlOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FunctionOutlined,
  IdcardOutlined,
  InboxOutlined,
  LayoutOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { defaultPagePath, type AccessSubject } from '@leadgrid/shared/access/permissions';
import type { ReactNode } from 'react';
import { allowed, isAffiliate } from './access';
import {
  AFFILIATE_SETTINGS_ITEMS,
  leaf,
  postbackLogsLink,
  resolveLink,
  routeAt,
  SETTINGS_ITEMS,
  type MenuGroup,
  type MenuLeaf,
  type MenuNode,
} from './routes';

const group = (key: string, label: string, icon: ReactNode, children: MenuLeaf[]): MenuGroup => ({
  kind: 'group',
  key,
  label,
  icon,
  children,
});

export const STAFF_MENU: MenuNode[] = [
  leaf('dashboard', 'nav.dashboard', '/', undefined, <DashboardOutlined />),
  group('statisticsMenu', 'nav.statistics', <BarChartOutlined />, [
    leaf('statistics', 'nav.statistics', '/statistics'),
    leaf('statisticsLeads', 'nav.statisticsLeads', '/statistics/leads'),
  ]),
  leaf('leads', 'nav.leads', '/leads', undefined, <ContactsOutlined />),
  leaf('offers', 'nav.offers', '/offers/active', '/offers', <AppstoreOutlined />),
  leaf('advertisers', 'nav.advertisers', '/advertisers/active', '/advertisers', <ShopOutlined />),
  group('affiliates', 'nav.affiliates', <TeamOutlined />, [
    leaf('affiliateMembers', 'nav.affiliateMembers', '/affiliates/members/active', '/affiliates/members'),
    leaf('teams', 'nav.teams', '/affiliates/teams', '/affiliates/teams'),
  ]),
  leaf('employees', 'nav.employees', '/employees/active', '/employees', <IdcardOutlined />),
  leaf('campaigns', 'nav.campaigns', '/campaigns/active', '/campaigns', <NotificationOutlined />),
  group('traffic', 'nav.trafficData', <NodeIndexOutlined />, [
    leaf('clicks', 'nav.clicks', '/clicks/valid', '/clicks'),
    leaf('conversions', 'nav.conversions', '/conversions'),
    leaf('postbackLogs', 'nav.postbackLogs', postbackLogsLink, '/postback-logs'),
  ]),
  leaf('postbacks', 'nav.postbacks', '/postbacks/active', '/postbacks', <ApiOutlined />),
  leaf('metrics', 'nav.metrics', '/metrics/active', '/metrics', <FunctionOutlined />),
  leaf('landingsApi', 'nav.landingsApi', '/landings-api', '/landings-api', <LayoutOutlined />),
  group('reportsMenu', 'nav.reports', <FileTextOutlined />, [
    leaf('reports', 'nav.reports', '/reports'),
    leaf('reportDownloads', 'nav.reportDownloads', '/reports/downloads'),
  ]),
  group('finance', 'nav.finance', <WalletOutlined />, [
    leaf('financeOverview', 'nav.financeOverview', '/finance'),
    leaf('affiliateBalances', 'nav.affiliateBalances', '/affiliate-billing/balances'),
    leaf('affiliateInvoices', 'nav.affiliateInvoices', '/affiliate-billing/invoices'),
    leaf('advertiserBalances', 'nav.advertiserBalances', '/advertiser-billing/adv-balances'),
    leaf('advertiserInvoices', 'nav.advertiserInvoices', '/advertiser-billing/adv-invoices'),
  ]),
  group('settings', 'nav.settings', <SettingOutlined />, SETTINGS_ITEMS),
  { kind: 'disabled', key: 'requests', label: 'nav.requests', icon: <InboxOutlined /> },
  { kind: 'disabled', key: 'caps', label: 'nav.caps', icon: <ControlOutlined /> },
];

export const AFFILIATE_MENU: MenuNode[] = [
  leaf('statistics', 'nav.statistics', '/statistics', undefined, <BarChartOutlined />),
  leaf('offers', 'nav.offers', '/offers/all', '/offers', <AppstoreOutlined />),
  leaf('campaigns', 'nav.campaigns', '/campaigns/active', '/campaigns', <NotificationOutlined />),
  group('traffic', 'nav.trafficData', <NodeIndexOutlined />, [
    leaf('clicks', 'nav.clicks', '/clicks/valid', '/clicks'),
    leaf('conversions', 'nav.conversions', '/conversions'),
    leaf('postbackLogs', 'nav.postbackLogs', '/postback-logs/affiliates', '/postback-logs'),
  ]),
  // product §2 lists the affiliate sidebar: an affiliate reaches /postbacks from Settings > Global postback and the campaign form
  leaf('billing', 'nav.billing', '/billing', '/billing', <CreditCardOutlined />),
  group('settings', 'nav.settings', <SettingOutlined />, AFFILIATE_SETTINGS_ITEMS),
];

/** Profile mode (product §2): only about and security, plus the way back. */
export const PROFILE_MENU: MenuNode[] = [
  leaf('back', 'nav.backToMain', (s) => defaultPagePath(s), undefined, <ArrowLeftOutlined />),
  leaf('profile.about', 'nav.profileAbout', '/profile/about', undefined, <UserOutlined />),
  leaf('profile.security', 'nav.profileSecurity', '/profile/security', undefined, <SafetyOutlined />),
];

/** A menu item is shown when the user may open the route its link leads to. */
export function menuFor(subject: AccessSubject, mode: 'main' | 'profile'): MenuNode[] {
  if (mode === 'profile') return PROFILE_MENU;
  const source = isAffiliate(subject) ? AFFILIATE_MENU : STAFF_MENU;
  const visible = (item: MenuLeaf) => allowed(subject, routeAt(resolveLink(item.to, subject).split('?')[0])?.access);
  return source.flatMap<MenuNode>((node) => {
    if (node.kind === 'leaf') return visible(node) ? [node] : [];
    if (node.kind === 'group') {
      const children = node.children.filter(visible);
      return children.length ? [{ ...node, children }] : [];
    }
    return [node];
  });
}
