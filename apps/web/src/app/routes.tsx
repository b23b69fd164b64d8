/**
 * THE route table (product §2, §6): every screen with its path, title and permission, and the sidebars
 * built from it. A menu item's permission is the permission of the route its link opens, so the sidebar
 * and the route guard can never disagree.
 */
import { defaultPagePath, ROUTE_PERMISSIONS as P, type AccessSubject } from '@leadgrid/shared/access/permissions';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchRoutes } from 'react-router';
import { all, allowed, any, isAffiliate, postbackRead, type Access } from './access';
import { prefetchDashboard } from '../features/insights/dashboard/prefetch';

type Page = LazyExoticComponent<ComponentType>;

export interface PageRoute {
  id: string;
  path: string;
  /** i18n key of the section title (page title and header) */
  title: string;
  access?: Access;
  /** the screen; a section without one shows its title and an empty state */
  page?: Page;
  /** the affiliate's screen of the same path, when it is not `page` (product §2): each role loads only its own */
  affiliatePage?: Page;
  /** `:id` must be a positive integer and `:tab` one of these, otherwise the page is not found */
  tabs?: readonly string[];
  /** `:id` is a UUID (clicks) instead of a positive integer */
  uuidId?: boolean;
  /** without access, go to the default page without the wrong-permissions warning (the index) */
  quietRedirect?: boolean;
}

export interface RedirectRoute {
  id: string;
  path: string;
  redirect: string | ((subject: AccessSubject) => string);
}

/** a screen's lazy chunk; `alongside` starts what the screen will ask for first while the chunk loads (scripts/web-budget.mjs reads these lines) */
const page = (load: () => Promise<{ default: ComponentType }>, alongside?: () => void) =>
  lazy(() => {
    alongside?.();
    return load();
  });

/* ---------- screens built in this shell or by the next issues ---------- */
// the start page asks for its dashboard while its chunk loads (features/insights/dashboard/prefetch.ts)
const Dashboard = page(() => import('../features/insights/dashboard/DashboardPage'), prefetchDashboard);
const Statistics = page(() => import('../features/insights/statistics/StatisticsPage'));
const Reports = page(() => import('../features/insights/reports/ReportsPage'));
const ReportDownloads = page(() => import('../features/insights/reports/DownloadsPage'));
const StatisticsLeads = page(() => import('../features/insights/statistics/LeadStatisticsPage'));
const Login = page(() => import('../features/access/auth/LoginPage'));
const RecoveryPassword = page(() => import('../features/access/auth/RecoveryPasswordPage'));
const NewPassword = page(() => import('../features/access/auth/NewPasswordPage'));
const Registration = page(() => import('../features/access/auth/RegistrationPage'));
const ProfileAbout = page(() => import('../features/access/profile/AboutPage'));
const ProfileSecurity = page(() => import('../features/access/profile/SecurityPage'));
const ProfileLogins = page(() => import('../features/access/profile/LoginsHistoryPage'));
const ProfileNotifications = page(() => import('../features/access/profile/NotificationsPage'));
const ProfileTokens = page(() => import('../features/access/profile/TokensPage'));
const Roles = page(() => import('../features/access/roles/RolesPage'));
const GeneralSettings = page(() => import('../features/settings/general/GeneralSettingsPage'));
const Metrics = page(() => import('../features/insights/metrics/MetricsPage'));
const MetricDetail = page(() => import('../features/insights/metrics/MetricDetailPage'));
const Offers = page(() => import('../features/inventory/offers/OffersPage'));
// /offers/{id}/{tab}: staff get the offer page with its tabs, affiliates the affiliate-safe view of the offer; one
// screen per role, so neither loads the other's (docs/decisions/web.md, "What the offer page loads first")
const StaffOfferDetail = page(() => import('../features/inventory/offers/StaffOfferPage').then((m) => ({ default: m.StaffOfferPage })));
const AffiliateOfferDetail = page(() =>
  import('../features/inventory/offers/affiliate/AffiliateOfferPage').then((m) => ({ default: m.AffiliateOfferPage })),
);
const LandingsApi = page(() => import('../features/inventory/landers-api/LandingsApiPage'));
const LandingApiDetail = page(() => import('../features/inventory/landers-api/LandingApiDetailPage'));
const GlobalPostback = page(() => import('../features/engine/global-postback/GlobalPostbackPage'));
const Postbacks = page(() => import('../features/engine/postbacks/PostbacksPage'));
const PostbackDetail = page(() => import('../features/engine/postbacks/PostbackPage'));
const NotificationSettings = page(() => import('../features/settings/notifications/NotificationSettingsPage'));
const Geos = page(() => import('../features/settings/geos/GeosPage'));
const HoldQueue = page(() => import('../features/engine/hold-queue/HoldQueuePage'));
const Currencies = page(() => import('../features/money/currencies/CurrenciesPage'));
const CurrencyDetail = page(() => import('../features/money/currencies/CurrencyDetailPage'));
const PaymentSettings = page(() => import('../features/money/payment-settings/PaymentSettingsPage'));
const PaymentMethods = page(() => import('../features/money/payment-methods/PaymentMethodsPage'));
const PaymentMethodDetail = page(() => import('../features/money/payment-methods/PaymentMethodDetailPage'));
const Lists = page(() => import('../features/settings/lists/ListsPage'));
const TagDetail = page(() => import('../features/settings/lists/ItemDetailPage').then((m) => ({ default: m.TagDetailPage })));
const CategoryDetail = page(() => import('../features/settings/lists/ItemDetailPage').then((m) => ({ default: m.CategoryDetailPage })));
const TrafficSourceDetail = page(() =>
  import('../features/settings/lists/ItemDetailPage').then((m) => ({ default: m.TrafficSourceDetailPage })),
);
const DomainParking = page(() => import('../features/settings/domains/DomainParkingPage'));
const Verticals = page(() => import('../features/sell-side/verticals/VerticalsPage'));
const VerticalDetail = page(() => import('../features/sell-side/verticals/VerticalDetailPage'));
const Platforms = page(() => import('../features/sell-side/platforms/PlatformsPage'));
const PlatformDetail = page(() => import('../features/sell-side/platforms/PlatformDetailPage'));
const Affiliates = page(() => import('../features/people/affiliates/AffiliatesPage'));
const AffiliateDetail = page(() => import('../features/people/affiliates/AffiliateDetailPage'));
const Campaigns = page(() => import('../features/inventory/campaigns/CampaignsPage'));
const CampaignDetail = page(() => import('../features/inventory/campaigns/CampaignDetailPage'));
const Leads = page(() => import('../features/engine/leads/LeadsPage'));
const LeadImport = page(() => import('../features/engine/lead-import/LeadImportPage'));
const IntegrationGuide = page(() => import('../features/engine/integration-guide/IntegrationGuidePage'));
const Teams = page(() => import('../features/people/teams/TeamsPage'));
const TeamDetail = page(() => import('../features/people/teams/TeamDetailPage'));
const Employees = page(() => import('../features/people/employees/EmployeesPage'));
const EmployeeDetail = page(() => import('../features/people/employees/EmployeeDetailPage'));
const Advertisers = page(() => import('../features/sell-side/advertisers/AdvertisersPage'));
const AdvertiserDetail = page(() => import('../features/sell-side/advertisers/AdvertiserDetailPage'));
const IntegrationTemplates = page(() => import('../features/sell-side/integrations/TemplatesPage'));
const IntegrationTemplateDetail = page(() => import('../features/sell-side/integrations/TemplateDetailPage'));
const Clicks = page(() => import('../features/engine/clicks/ClicksPage'));
const ClickDetail = page(() => import('../features/engine/clicks/ClickDetailPage'));
const Conversions = page(() => import('../features/engine/conversions/ConversionsPage'));
const PostbackLogs = page(() => import('../features/engine/postback-logs/PostbackLogsPage'));
const PostbackLogDetail = page(() => import('../features/engine/postback-logs/PostbackLogDetailPage'));
const Finance = page(() => import('../features/money/finance/FinancePage'));
const Billing = page(() => import('../features/money/billing/BillingPage'));
const BillingInvoice = page(() => import('../features/money/billing/BillingInvoicePage'));
const AffiliateBalances = page(() => import('../features/money/balances/BalancesPage').then((m) => ({ default: m.AffiliateBalancesPage })));
const AdvertiserBalances = page(() =>
  import('../features/money/balances/BalancesPage').then((m) => ({ default: m.AdvertiserBalancesPage })),
);
const AffiliateBalance = page(() =>
  import('../features/money/balances/BalanceDetailPage').then((m) => ({ default: m.AffiliateBalancePage })),
);
const AdvertiserBalance = page(() =>
  import('../features/money/balances/BalanceDetailPage').then((m) => ({ default: m.AdvertiserBalancePage })),
);
const AffiliateInvoices = page(() => import('../features/money/invoices/InvoicesPage').then((m) => ({ default: m.AffiliateInvoicesPage })));
const AdvertiserInvoices = page(() =>
  import('../features/money/invoices/InvoicesPage').then((m) => ({ default: m.AdvertiserInvoicesPage })),
);
const InvoiceDetail = page(() => import('../features/money/InvoiceDetailPage'));

/* ---------- builders ---------- */
function listRoutes(id: string, base: string, statuses: readonly string[], title: string, access?: Access, screen?: Page): PageRoute[] {
  return [
    { id, path: base, title, access, page: screen },
    ...statuses.map((status) => ({ id: `${id}.${status}`, path: `${base}/${status}`, title, access, page: screen })),
  ];
}
function detailRoute(id: string, base: string, title: string, access?: Access, tabs?: readonly string[], screen?: Page): PageRoute {
  return { id: `${id}.detail`, path: tabs ? `${base}/:id/:tab?` : `${base}/:id`, title, access, tabs, page: screen };
}

const ACTIVE_INACTIVE = ['active', 'inactive'] as const;
const OFFER_DETAIL_TABS = ['general', 'affiliates', 'caps', 'landings', 'payment-rules', 'targeting'] as const;
const postbackWrite = any('postback.update', 'postback.own.update');
const advertiserPostbackLogs = all(P.postbackLogs, 'log.postback.advertiser.read');
const paymentMethods = (s: AccessSubject) => isAffiliate(s) || allowed(s, 'payment_method.update');
const financeAny = any(P.affiliateBalances, P.affiliateInvoices, P.advertiserBalances, P.advertiserInvoices);

export const AUTH_ROUTES: PageRoute[] = [
  { id: 'login', path: '/login', title: 'auth.signIn', page: Login },
  { id: 'recoveryPassword', path: '/login/recoveryPassword', title: 'auth.recovery.title', page: RecoveryPassword },
  { id: 'newPassword', path: '/login/newPassword', title: 'auth.newPassword.title', page: NewPassword },
  { id: 'registration', path: '/registration', title: 'auth.registration.title', page: Registration },
];

export const PROFILE_ROUTES: PageRoute[] = [
  { id: 'profile.about', path: '/profile/about', title: 'nav.profileAbout', page: ProfileAbout },
  { id: 'profile.loginsHistory', path: '/profile/loginsHistory', title: 'nav.profileLoginsHistory', page: ProfileLogins },
  { id: 'profile.notifications', path: '/profile/notifications', title: 'nav.profileNotifications', page: ProfileNotifications },
  { id: 'profile.security', path: '/profile/security', title: 'nav.profileSecurity', page: ProfileSecurity },
  { id: 'profile.tokens', path: '/profile/tokens', title: 'nav.profileTokens', page: ProfileTokens },
];

export const MAIN_ROUTES: PageRoute[] = [
  { id: 'dashboard', path: '/', title: 'nav.dashboard', access: P.dashboard, page: Dashboard, quietRedirect: true },
  { id: 'statistics', path: '/statistics', title: 'nav.statistics', access: P.statistics, page: Statistics },
  { id: 'statisticsLeads', path: '/statistics/leads', title: 'nav.statisticsLeads', access: P.statisticsLeads, page: StatisticsLeads },
  { id: 'leads', path: '/leads', title: 'nav.leads', access: P.leads, page: Leads },
  { id: 'leadImport', path: '/leads/import', title: 'nav.leads', access: all(P.leads, 'lead.update'), page: LeadImport },
  { id: 'integrationGuide', path: '/integration-guide', title: 'nav.integrationGuide', access: P.offers, page: IntegrationGuide },

  ...listRoutes('offers', '/offers', ['active', 'inactive', 'draft', 'all'], 'nav.offers', P.offers, Offers),
  {
    ...detailRoute('offers', '/offers', 'nav.offers', P.offers, OFFER_DETAIL_TABS, StaffOfferDetail),
    affiliatePage: AffiliateOfferDetail,
  },

  ...listRoutes('advertisers', '/advertisers', ['active', 'blocked', 'all'], 'nav.advertisers', P.advertisers, Advertisers),
  detailRoute(
    'advertisers',
    '/advertisers',
    'nav.advertisers',
    P.advertisers,
    ['general', 'goals', 'status-mapping', 'api-params', 'outbound-settings', 'inbound-settings'],
    AdvertiserDetail,
  ),

  ...listRoutes(
    'affiliateMembers',
    '/affiliates/members',
    ['active', 'inactive', 'blocked', 'all'],
    'nav.affiliateMembers',
    P.affiliateMembers,
    Affiliates,
  ),
  detailRoute('affiliateMembers', '/affiliates/members', 'nav.affiliateMembers', P.affiliateMembers, ['general'], AffiliateDetail),
  ...listRoutes('teams', '/affiliates/teams', ['active', 'inactive', 'all'], 'nav.teams', P.teams, Teams),
  detailRoute('teams', '/affiliates/teams', 'nav.teams', P.teams, undefined, TeamDetail),

  ...listRoutes('employees', '/employees', ['active', 'inactive', 'blocked', 'all'], 'nav.employees', P.employees, Employees),
  detailRoute('employees', '/employees', 'nav.employees', P.employees, undefined, EmployeeDetail),

  ...listRoutes('campaigns', '/campaigns', ['active', 'inactive', 'blocked', 'all'], 'nav.campaigns', P.campaigns, Campaigns),
  detailRoute('campaigns', '/campaigns', 'nav.campaigns', P.campaigns, undefined, CampaignDetail),

  { id: 'conversions', path: '/conversions', title: 'nav.conversions', access: P.conversions, page: Conversions },
  ...listRoutes('clicks', '/clicks', ['valid', 'invalid'], 'nav.clicks', P.clicks, Clicks).slice(1),
  { ...detailRoute('clicks', '/clicks', 'nav.clicks', P.clicks, undefined, ClickDetail), uuidId: true },
  {
    id: 'postbackLogs.advertisers',
    path: '/postback-logs/advertisers',
    title: 'nav.postbackLogs',
    access: advertiserPostbackLogs,
    page: PostbackLogs,
  },
  {
    id: 'postbackLogs.affiliates',
    path: '/postback-logs/affiliates',
    title: 'nav.postbackLogs',
    access: P.postbackLogs,
    page: PostbackLogs,
  },
  detailRoute('postbackLogs', '/postback-logs', 'nav.postbackLogs', P.postbackLogs, undefined, PostbackLogDetail),

  ...listRoutes('postbacks', '/postbacks', ['active', 'inactive', 'all'], 'nav.postbacks', postbackRead, Postbacks),
  { id: 'postbacks.new', path: '/postbacks/new', title: 'nav.postbacks', access: postbackWrite, page: PostbackDetail },
  detailRoute('postbacks', '/postbacks', 'nav.postbacks', postbackRead, undefined, PostbackDetail),
  ...listRoutes('metrics', '/metrics', ACTIVE_INACTIVE, 'nav.metrics', P.metrics, Metrics),
  detailRoute('metrics', '/metrics', 'nav.metrics', P.metrics, undefined, MetricDetail),
  { id: 'landingsApi', path: '/landings-api', title: 'nav.landingsApi', access: P.landingsApi, page: LandingsApi },
  detailRoute('landingsApi', '/landings-api', 'nav.landingsApi', P.landingsApi, undefined, LandingApiDetail),

  { id: 'reports', path: '/reports', title: 'nav.reports', access: P.reports, page: Reports },
  { id: 'reportDownloads', path: '/reports/downloads', title: 'nav.reportDownloads', access: P.reportDownloads, page: ReportDownloads },

  { id: 'finance', path: '/finance', title: 'nav.finance', access: financeAny, page: Finance },
  { id: 'billing', path: '/billing', title: 'nav.billing', access: isAffiliate, page: Billing },
  { id: 'billing.invoice', path: '/billing/invoices/:id', title: 'nav.billing', access: isAffiliate, page: BillingInvoice },
  {
    id: 'affiliateBalances',
    path: '/affiliate-billing/balances',
    title: 'nav.affiliateBalances',
    access: P.affiliateBalances,
    page: AffiliateBalances,
  },
  detailRoute(
    'affiliateBalances',
    '/affiliate-billing/balances',
    'nav.affiliateBalances',
    P.affiliateBalances,
    undefined,
    AffiliateBalance,
  ),
  {
    id: 'affiliateInvoices',
    path: '/affiliate-billing/invoices',
    title: 'nav.affiliateInvoices',
    access: P.affiliateInvoices,
    page: AffiliateInvoices,
  },
  detailRoute('affiliateInvoices', '/affiliate-billing/invoices', 'nav.affiliateInvoices', P.affiliateInvoices, undefined, InvoiceDetail),
  {
    id: 'advertiserBalances',
    path: '/advertiser-billing/adv-balances',
    title: 'nav.advertiserBalances',
    access: P.advertiserBalances,
    page: AdvertiserBalances,
  },
  detailRoute(
    'advertiserBalances',
    '/advertiser-billing/adv-balances',
    'nav.advertiserBalances',
    P.advertiserBalances,
    undefined,
    AdvertiserBalance,
  ),
  {
    id: 'advertiserInvoices',
    path: '/advertiser-billing/adv-invoices',
    title: 'nav.advertiserInvoices',
    access: P.advertiserInvoices,
    page: AdvertiserInvoices,
  },
  detailRoute(
    'advertiserInvoices',
    '/advertiser-billing/adv-invoices',
    'nav.advertiserInvoices',
    P.advertiserInvoices,
    undefined,
    InvoiceDetail,
  ),

  { id: 'settings.general', path: '/settings/general', title: 'nav.generalSettings', access: P.generalSettings, page: GeneralSettings },
  {
    id: 'settings.domainParking',
    path: '/settings/domain-parking',
    title: 'nav.domainParking',
    access: P.domainParking,
    page: DomainParking,
  },
  {
    id: 'settings.globalPostback',
    path: '/settings/global-postback',
    title: 'nav.globalPostback',
    access: P.globalPostback,
    page: GlobalPostback,
  },
  { id: 'settings.holdQueue', path: '/settings/hold-queue', title: 'nav.holdQueue', access: P.holdQueue, page: HoldQueue },
  {
    id: 'settings.notifications',
    path: '/settings/notifications',
    title: 'nav.notifications',
    access: P.notifications,
    page: NotificationSettings,
  },
  {
    id: 'settings.paymentSettings',
    path: '/settings/payment-settings',
    title: 'nav.paymentSettings',
    access: any(P.generalSettings, P.currencies, 'payment_method.update'),
    page: PaymentSettings,
  },
  { id: 'settings.roles', path: '/settings/roles', title: 'nav.roles', access: P.roles, page: Roles },
  ...listRoutes('settings.currencies', '/settings/currencies', ACTIVE_INACTIVE, 'nav.currencies', P.currencies, Currencies),
  detailRoute('settings.currencies', '/settings/currencies', 'nav.currencies', P.currencies, undefined, CurrencyDetail),
  { id: 'settings.lists.tags', path: '/settings/lists/tags', title: 'nav.lists', access: P.tags, page: Lists },
  { id: 'settings.lists.categories', path: '/settings/lists/categories', title: 'nav.lists', access: P.lists, page: Lists },
  { id: 'settings.lists.trafficSources', path: '/settings/lists/traffic-sources', title: 'nav.lists', access: P.lists, page: Lists },
  detailRoute('settings.lists', '/settings/lists', 'nav.lists', P.lists, undefined, CategoryDetail),
  detailRoute('settings.lists.trafficSources', '/settings/lists/traffic-sources', 'nav.lists', P.lists, undefined, TrafficSourceDetail),
  detailRoute('settings.tags', '/settings/tags', 'nav.tags', P.tags, undefined, TagDetail),
  ...listRoutes(
    'settings.paymentMethods',
    '/settings/payment-methods',
    ACTIVE_INACTIVE,
    'nav.paymentMethods',
    paymentMethods,
    PaymentMethods,
  ),
  detailRoute('settings.paymentMethods', '/settings/payment-methods', 'nav.paymentMethods', paymentMethods, undefined, PaymentMethodDetail),
  ...listRoutes('settings.verticals', '/settings/verticals', ACTIVE_INACTIVE, 'nav.verticals', P.verticals, Verticals),
  detailRoute(
    'settings.verticals',
    '/settings/verticals',
    'nav.verticals',
    P.verticals,
    ['general', 'goals', 'inbound-rules', 'lead-parameters', 'lead-categories', 'metrics', 'redirect'],
    VerticalDetail,
  ),
  ...listRoutes('settings.platforms', '/settings/platforms', ACTIVE_INACTIVE, 'nav.platforms', P.platforms, Platforms),
  detailRoute('settings.platforms', '/settings/platforms', 'nav.platforms', P.platforms, undefined, PlatformDetail),
  ...listRoutes(
    'settings.integrationTemplates',
    '/settings/integration-templates',
    ACTIVE_INACTIVE,
    'nav.integrationTemplates',
    P.integrationTemplates,
    IntegrationTemplates,
  ),
  detailRoute(
    'settings.integrationTemplates',
    '/settings/integration-templates',
    'nav.integrationTemplates',
    P.integrationTemplates,
    ['general', 'goals', 'status-mapping', 'isp', 'outbound-settings', 'inbound-settings'],
    IntegrationTemplateDetail,
  ),
  { id: 'settings.geos', path: '/settings/geos', title: 'nav.geos', access: P.geos, page: Geos },

  ...PROFILE_ROUTES,
];

export const postbackLogsLink = (s: AccessSubject) =>
  allowed(s, advertiserPostbackLogs) ? '/postback-logs/advertisers' : '/postback-logs/affiliates';
const listsLink = (s: AccessSubject) => (allowed(s, P.tags) ? '/settings/lists/tags' : '/settings/lists/categories');

/* ---------- sidebars: the items' shape and the settings items (the menus with their icons: app/menus.tsx) ---------- */
export type LinkTarget = string | ((subject: AccessSubject) => string);
export interface MenuLeaf {
  kind: 'leaf';
  key: string;
  label: string;
  icon?: ReactNode;
  to: LinkTarget;
  /** the path prefix that marks this item current (default: its link) */
  match?: string;
}
export interface MenuGroup {
  kind: 'group';
  key: string;
  label: string;
  icon: ReactNode;
  children: MenuLeaf[];
}
export interface MenuPlaceholder {
  kind: 'disabled';
  key: string;
  label: string;
  icon: ReactNode;
}
export type MenuNode = MenuLeaf | MenuGroup | MenuPlaceholder;

export const leaf = (key: string, label: string, to: LinkTarget, match?: string, icon?: ReactNode): MenuLeaf => ({
  kind: 'leaf',
  key,
  label,
  to,
  match,
  icon,
});

export const SETTINGS_ITEMS: MenuLeaf[] = [
  leaf('settings.general', 'nav.generalSettings', '/settings/general'),
  leaf('settings.verticals', 'nav.verticals', '/settings/verticals/active', '/settings/verticals'),
  leaf('settings.paymentMethods', 'nav.paymentMethods', '/settings/payment-methods/active', '/settings/payment-methods'),
  leaf('settings.currencies', 'nav.currencies', '/settings/currencies/active', '/settings/currencies'),
  leaf('settings.paymentSettings', 'nav.paymentSettings', '/settings/payment-settings'),
  leaf('settings.roles', 'nav.roles', '/settings/roles'),
  leaf('settings.notifications', 'nav.notifications', '/settings/notifications'),
  leaf('settings.globalPostback', 'nav.globalPostback', '/settings/global-postback'),
  leaf('settings.lists', 'nav.lists', listsLink, '/settings/lists'),
  leaf('settings.platforms', 'nav.platforms', '/settings/platforms/active', '/settings/platforms'),
  leaf(
    'settings.integrationTemplates',
    'nav.integrationTemplates',
    '/settings/integration-templates/active',
    '/settings/integration-templates',
  ),
  leaf('settings.geos', 'nav.geos', '/settings/geos'),
  leaf('settings.holdQueue', 'nav.holdQueue', '/settings/hold-queue'),
  leaf('settings.domainParking', 'nav.domainParking', '/settings/domain-parking'),
];

/** the affiliate's settings items (product §2) */
export const AFFILIATE_SETTINGS_ITEMS: MenuLeaf[] = [
  leaf('settings.globalPostback', 'nav.globalPostback', '/settings/global-postback'),
  leaf('settings.paymentMethods', 'nav.paymentMethods', '/settings/payment-methods/active', '/settings/payment-methods'),
];

/** The first settings page this user may open. */
const firstSettingsPage = (s: AccessSubject) => {
  const items = isAffiliate(s) ? AFFILIATE_SETTINGS_ITEMS : SETTINGS_ITEMS;
  for (const item of items) {
    const to = typeof item.to === 'function' ? item.to(s) : item.to;
    if (allowed(s, routeAt(to)?.access)) return to;
  }
  return defaultPagePath(s);
};

export const REDIRECTS: RedirectRoute[] = [
  { id: 'affiliates', path: '/affiliates', redirect: '/affiliates/members/active' },
  { id: 'clicks', path: '/clicks', redirect: '/clicks/valid' },
  { id: 'postbackLogs', path: '/postback-logs', redirect: postbackLogsLink },
  { id: 'settings', path: '/settings', redirect: firstSettingsPage },
  { id: 'settings.lists', path: '/settings/lists', redirect: listsLink },
  { id: 'profile', path: '/profile', redirect: '/profile/about' },
];

/** The page route a path opens, or undefined. */
export function routeAt(pathname: string): PageRoute | undefined {
  const matches = matchRoutes(
    MAIN_ROUTES.map((r) => ({ path: r.path, id: r.id })),
    pathname,
  );
  const id = matches?.[matches.length - 1]?.route.id;
  return id ? MAIN_ROUTES.find((r) => r.id === id) : undefined;
}

export const resolveLink = (to: LinkTarget, subject: AccessSubject) => (typeof to === 'function' ? to(subject) : to);
