/** Every domain module's routes, registered under /api/v1. */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/auth.routes';
import geosRoutes from './geos/geos.routes';
import imagesRoutes from './images/images.routes';
import referenceRoutes from './reference/reference.routes';
import rolesRoutes from './roles/roles.routes';
import settingsRoutes from './settings/settings.routes';
import tagsRoutes from './tags/tags.routes';
import usersRoutes from './users/users.routes';

export const modules: ((app: FastifyInstance) => Promise<void>)[] = [authRoutes, usersRoutes, imagesRoutes, rolesRoutes, settingsRoutes, referenceRoutes, tagsRoutes, geosRoutes];
