import { dataOf, envelope, paymentSettingsSchema, paymentSettingsUpdate } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './payment-settings.service';

const ADMIN = { permission: 'settings.general.update' } as const;

export default async function paymentSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  const answer = { 200: envelope(paymentSettingsSchema) };

  app.get('/settings/payment', { config: ADMIN, schema: { tags, response: answer } }, async (req) => ({
    data: await service.get(req.ctx),
  }));

  app.patch(
    '/settings/payment',
    { config: ADMIN, schema: { tags, body: dataOf(paymentSettingsUpdate), response: answer } },
    async (req) => {
      const { settings, rebasedTo } = await service.update(req.ctx, req.body.data);
      const message = rebasedTo
        ? `Payment settings saved: ${rebasedTo} is the base currency and every rate is re-based on it`
        : 'Payment settings saved';
      return { data: settings, message };
    },
  );
}
