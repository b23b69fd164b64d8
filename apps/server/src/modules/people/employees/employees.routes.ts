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
import { accountRoutes } from '../account-routes';
import * as employees from './employees.service';
import { named } from '../../../http/route-kit';

export default async function employeesRoutes(fastify: FastifyInstance) {
  const kit = accountRoutes(
    fastify,
    named('employees', 'Employee', employeeSchema, 'front.menu.employees.read', 'user.update'),
    { query: employeeListQuery, create: employeeCreate, update: employeeUpdate, status: employeeStatusItem },
    employees,
    { unsent: ' The e-mail with the password could not be sent: set a password by editing the employee.' },
  );
  const { app, tags, read, write } = kit;

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
