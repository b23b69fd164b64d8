/** Every domain module's routes, registered under /api/v1. */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/auth.routes';
import referenceRoutes from './reference/reference.routes';
import rolesRoutes from './roles/roles.routes';
import settingsRoutes from './settings/settings.routes';

export const modules: ((app: FastifyInstance) => Promise<void>)[] = [authRoutes, rolesRoutes, settingsRoutes, referenceRoutes];
