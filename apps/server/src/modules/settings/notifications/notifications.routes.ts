import {
  dataOf,
  envelope,
  idsBody,
  itemsOf,
  listOf,
  myNotificationsList,
  myNotificationsQuery,
  notificationChannelSchema,
  notificationChannelTest,
  notificationChannelUpdate,
  notificationRecipientSchema,
  notificationRecipientsQuery,
  notificationRuleSchema,
  notificationRuleUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './notifications.service';
import { counted } from '../../../lib/plural';

const READ = 'notification.read';
const WRITE = 'notification.update';
const readAnswer = envelope(z.object({ updated: z.number().int(), unreadCount: z.number().int() }));

export default async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { mailer } = app.services;
  const tags = ['notifications'];
  const rules = { 200: envelope(listOf(notificationRuleSchema)) };
  const channels = { 200: envelope(listOf(notificationChannelSchema)) };

  app.get('/notifications/rules', { config: { permission: READ }, schema: { tags, response: rules } }, async (req) => ({
    data: { items: await service.listRules(req.ctx) },
  }));

  app.patch(
    '/notifications/rules',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(notificationRuleUpdate), response: rules } },
    async (req) => {
      const items = await service.updateRules(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Notification rule saved', 'notification rules saved') };
    },
  );

  app.get(
    '/notifications/recipients',
    {
      config: { permission: WRITE },
      schema: { tags, querystring: notificationRecipientsQuery, response: { 200: envelope(listOf(notificationRecipientSchema)) } },
    },
    async (req) => ({
      data: { items: await service.recipients(req.ctx, req.query) },
    }),
  );

  app.get('/notifications/channels', { config: { permission: READ }, schema: { tags, response: channels } }, async (req) => ({
    data: { items: await service.listChannels(req.ctx) },
  }));

  app.patch(
    '/notifications/channels',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(notificationChannelUpdate), response: channels } },
    async (req) => {
      const items = await service.updateChannels(req.ctx, req.body.items);
      return { data: { items }, message: items.length === 1 ? 'Channel integration saved' : 'Channel integrations saved' };
    },
  );

  app.post(
    '/notifications/channels/test',
    { config: { permission: WRITE }, schema: { tags, body: dataOf(notificationChannelTest), response: { 200: envelope(z.object({})) } } },
    async (req) => {
      await service.testChannel(req.ctx, { mailer }, req.body.data.type);
      return {
        data: {},
        message: req.body.data.type === 'email' ? 'A test e-mail was sent to your address' : 'A test message was sent to the Telegram chat',
      };
    },
  );

  app.get(
    '/notifications/my',
    {
      config: { authenticated: true },
      schema: { tags, querystring: myNotificationsQuery, response: { 200: envelope(myNotificationsList) } },
    },
    async (req) => ({
      data: await service.listMine(req.ctx, req.query),
    }),
  );

  app.post(
    '/notifications/my/read',
    { config: { authenticated: true }, schema: { tags, body: idsBody, response: { 200: readAnswer } } },
    async (req) => {
      const data = await service.markRead(req.ctx, req.body.data);
      return { data, message: req.body.data.length === 1 ? 'Notification marked as read' : 'Notifications marked as read' };
    },
  );

  app.post(
    '/notifications/my/read_all',
    { config: { authenticated: true }, schema: { tags, response: { 200: readAnswer } } },
    async (req) => ({
      data: await service.markAllRead(req.ctx),
      message: 'All notifications marked as read',
    }),
  );
}
