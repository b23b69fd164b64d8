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
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import { createRoute, statusesChanged } from '../account-routes';
import * as employees from './employees.service';
import { routeKit } from '../../../http/route-kit';

const UNSENT = ' The e-mail with the password could not be sent: set a password by editing the employee.';

export default async function employeesRoutes(fastify: FastifyInstance) {
  const { queue } = fastify.services;
  const kit = routeKit(fastify, {
    url: '/employees',
    tags: ['employees'],
    read: 'front.menu.employees.read',
    write: 'user.update',
    row: employeeSchema,
    one: 'Employee',
    many: 'employees',
  });
  const { app, tags, read, write } = kit;

  kit.list(employeeListQuery, employees.list);

  kit.get(employees.get);

  createRoute(kit, fastify, employeeCreate, employees.create, UNSENT);

  kit.items('PATCH', '', employeeUpdate, (ctx, items) => employees.update(ctx, { queue }, items), 'saved');

  kit.items('POST', '/change_status', employeeStatusItem, employees.changeStatus, statusesChanged(kit));

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
