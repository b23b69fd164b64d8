import {
  dataOf,
  employeeCreate,
  employeeListQuery,
  employeePermissionsSchema,
  employeePermissionsUpdate,
  employeeSchema,
  employeeStatusItem,
  employeeUpdate,
  envelope,
  idParams,
  itemsOf,
  listOf,
} from '@leadgrid/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MailDeps } from '../accounts';
import * as employees from './employees.service';
import { counted } from '../../../lib/plural';

const employeesAnswer = envelope(listOf(employeeSchema));
const UNSENT = ' The e-mail with the password could not be sent: set a password by editing the employee.';

export default async function employeesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { mailer, config, queue } = fastify.services;
  const read = { permission: 'front.menu.employees.read' } as const;
  const write = { permission: 'user.update' } as const;
  const tags = ['employees'];
  const mailDeps = (req: FastifyRequest): MailDeps => ({
    mailer,
    log: req.log,
    publicUrl: config.PUBLIC_URL ?? `${req.protocol}://${req.host}`,
  });

  app.get(
    '/employees',
    { config: read, schema: { tags, querystring: employeeListQuery, response: { 200: employeesAnswer } } },
    async (req) => ({
      data: await employees.list(req.ctx, req.query),
    }),
  );

  app.get('/employees/:id', { config: read, schema: { tags, params: idParams, response: { 200: employeesAnswer } } }, async (req) => ({
    data: { items: [await employees.get(req.ctx, req.params.id)] },
  }));

  app.put(
    '/employees',
    { config: write, schema: { tags, body: itemsOf(employeeCreate), response: { 200: employeesAnswer } } },
    async (req) => {
      const { items, unsentMail } = await employees.create(req.ctx, mailDeps(req), req.body.items);
      return { data: { items }, message: counted(items.length, 'Employee created', 'employees created') + (unsentMail ? UNSENT : '') };
    },
  );

  app.patch(
    '/employees',
    { config: write, schema: { tags, body: itemsOf(employeeUpdate), response: { 200: employeesAnswer } } },
    async (req) => {
      const items = await employees.update(req.ctx, { queue }, req.body.items);
      return { data: { items }, message: counted(items.length, 'Employee saved', 'employees saved') };
    },
  );

  app.post(
    '/employees/change_status',
    { config: write, schema: { tags, body: itemsOf(employeeStatusItem), response: { 200: employeesAnswer } } },
    async (req) => {
      const items = await employees.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Employee status changed', 'employee statuses changed') };
    },
  );

  app.get(
    '/employees/:id/permissions',
    { config: read, schema: { tags, params: idParams, response: { 200: envelope(employeePermissionsSchema) } } },
    async (req) => ({ data: await employees.getPermissions(req.ctx, req.params.id) }),
  );

  app.post(
    '/employees/:id/permissions',
    {
      config: write,
      schema: { tags, params: idParams, body: dataOf(employeePermissionsUpdate), response: { 200: envelope(employeePermissionsSchema) } },
    },
    async (req) => {
      const data = await employees.setPermissions(req.ctx, req.params.id, req.body.data.permissions);
      return { data, message: data.hasCustomPermissions ? 'Custom permissions saved' : "The employee holds the role's permissions" };
    },
  );
}
