/** Every domain module's routes, registered under /api/v1. */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/auth.routes';
import categoriesRoutes from './categories/categories.routes';
import currenciesRoutes from './currencies/currencies.routes';
import domainsRoutes from './domains/domains.routes';
import geosRoutes from './geos/geos.routes';
import holdQueueRoutes from './hold-queue/hold-queue.routes';
import imagesRoutes from './images/images.routes';
import metricsRoutes from './metrics/metrics.routes';
import notesRoutes from './notes/notes.routes';
import notificationsRoutes from './notifications/notifications.routes';
import postbacksRoutes from './postbacks/postbacks.routes';
import paymentMethodsRoutes from './payment-methods/payment-methods.routes';
import paymentSettingsRoutes from './payment-settings/payment-settings.routes';
import referenceRoutes from './reference/reference.routes';
import rolesRoutes from './roles/roles.routes';
import settingsRoutes from './settings/settings.routes';
import tagsRoutes from './tags/tags.routes';
import trafficSourcesRoutes from './traffic-sources/traffic-sources.routes';
import usersRoutes from './users/users.routes';
import withdrawalMethodsRoutes from './withdrawal-methods/withdrawal-methods.routes';

export const modules: ((app: FastifyInstance) => Promise<void>)[] = [authRoutes, usersRoutes, imagesRoutes, rolesRoutes, settingsRoutes, referenceRoutes, tagsRoutes, categoriesRoutes, trafficSourcesRoutes, domainsRoutes, notesRoutes, geosRoutes, currenciesRoutes, holdQueueRoutes, paymentSettingsRoutes, paymentMethodsRoutes, withdrawalMethodsRoutes, notificationsRoutes, metricsRoutes, postbacksRoutes];
