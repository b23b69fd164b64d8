/** Every domain module's routes, registered under /api/v1. */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/auth.routes';

export const modules: ((app: FastifyInstance) => Promise<void>)[] = [authRoutes];
