/** Every domain module's routes, registered under /api/v1. */
import type { FastifyInstance } from 'fastify';
import authRoutes from './access/auth/auth.routes';
import categoriesRoutes from './settings/categories/categories.routes';
import currenciesRoutes from './money/currencies/currencies.routes';
import domainsRoutes from './settings/domains/domains.routes';
import geosRoutes from './settings/geos/geos.routes';
import holdQueueRoutes from './engine/hold-queue/hold-queue.routes';
import imagesRoutes from './settings/images/images.routes';
import metricsRoutes from './insights/metrics/metrics.routes';
import notesRoutes from './people/notes/notes.routes';
import notificationsRoutes from './settings/notifications/notifications.routes';
import postbacksRoutes from './engine/postbacks/postbacks.routes';
import postbackLogsRoutes from './engine/postback-logs/postback-logs.routes';
import paymentMethodsRoutes from './money/payment-methods/payment-methods.routes';
import paymentSettingsRoutes from './money/payment-settings/payment-settings.routes';
import referenceRoutes from './settings/reference/reference.routes';
import rolesRoutes from './access/roles/roles.routes';
import settingsRoutes from './settings/general/settings.routes';
import tagsRoutes from './settings/tags/tags.routes';
import trafficSourcesRoutes from './engine/traffic-sources/traffic-sources.routes';
import usersRoutes from './access/users/users.routes';
import withdrawalMethodsRoutes from './money/withdrawal-methods/withdrawal-methods.routes';
import verticalsRoutes from './sell-side/verticals/verticals.routes';
import platformsRoutes from './sell-side/platforms/platforms.routes';
import advertisersRoutes from './sell-side/advertisers/advertisers.routes';
import integrationTemplatesRoutes from './sell-side/integration-templates/integration-templates.routes';
import integrationsRoutes from './sell-side/integrations/integrations.routes';
import advertiserMembersRoutes from './people/advertiser-members/advertiser-members.routes';
import affiliatesRoutes from './people/affiliates/affiliates.routes';
import employeesRoutes from './people/employees/employees.routes';
import { staffReviewRoutes } from './access/staff-review';
import peopleRoutes from './people/people.routes';
import teamsRoutes from './people/teams/teams.routes';
import campaignsRoutes from './inventory/campaigns/campaigns.routes';
import landersRoutes from './inventory/landers/landers.routes';
import creativesRoutes from './inventory/creatives/creatives.routes';
import landersApiRoutes from './inventory/landers-api/landers-api.routes';
import capsRoutes from './inventory/caps/caps.routes';
import paymentModelsRoutes from './inventory/payment-models/payment-models.routes';
import paymentRulesRoutes from './inventory/payment-rules/payment-rules.routes';
import offersRoutes from './inventory/offers/offers.routes';
import leadsRoutes from './engine/leads/leads.routes';
import conversionsRoutes from './engine/conversions/conversions.routes';
import exportsRoutes from './insights/exports/exports.routes';
import eventsRoutes from './settings/events/events.routes';
import clicksRoutes from './engine/clicks/clicks.routes';
import { reportsRoutes } from './insights/reports';
import { statisticsRoutes } from './insights/statistics';
import { dashboardRoutes } from './insights/dashboard';
import { balancesRoutes } from './money/balances';
import { invoicesRoutes } from './money/invoices';
import { financeRoutes } from './money/finance';
import { leadEditRoutes } from './engine/lead-edit';
import { leadImportRoutes } from './engine/lead-import';
import { integrationGuideRoutes } from './engine/integration-guide';

export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  authRoutes,
  usersRoutes,
  imagesRoutes,
  rolesRoutes,
  settingsRoutes,
  referenceRoutes,
  tagsRoutes,
  categoriesRoutes,
  trafficSourcesRoutes,
  domainsRoutes,
  notesRoutes,
  geosRoutes,
  currenciesRoutes,
  holdQueueRoutes,
  paymentSettingsRoutes,
  paymentMethodsRoutes,
  withdrawalMethodsRoutes,
  notificationsRoutes,
  metricsRoutes,
  postbacksRoutes,
  postbackLogsRoutes,
  peopleRoutes,
  affiliatesRoutes,
  teamsRoutes,
  employeesRoutes,
  advertiserMembersRoutes,
  verticalsRoutes,
  platformsRoutes,
  advertisersRoutes,
  integrationTemplatesRoutes,
  integrationsRoutes,
  landersRoutes,
  creativesRoutes,
  landersApiRoutes,
  campaignsRoutes,
  paymentModelsRoutes,
  capsRoutes,
  paymentRulesRoutes,
  offersRoutes,
  leadsRoutes,
  conversionsRoutes,
  exportsRoutes,
  eventsRoutes,
  clicksRoutes,
  staffReviewRoutes,
  statisticsRoutes,
  dashboardRoutes,
  reportsRoutes,
  balancesRoutes,
  invoicesRoutes,
  financeRoutes,
  leadEditRoutes,
  leadImportRoutes,
  integrationGuideRoutes,
];
