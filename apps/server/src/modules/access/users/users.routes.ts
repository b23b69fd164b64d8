import {
  apiTokenCreate,
  apiTokenSchema,
  envelope,
  idParams,
  idsBody,
  itemsOf,
  leadApiTokenSchema,
  listOf,
  listQuerySchema,
  loginHistorySchema,
  preferenceCreate,
  preferenceListQuery,
  preferenceSchema,
  preferenceUpdate,
  userGetQuery,
  userProfileUpdate,
  userSchema,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as apiTokens from './api-tokens.service';
import * as preferences from './preferences.service';
import * as users from './users.service';

const userList = envelope(listOf(userSchema));
const deleted = envelope(z.object({ items: z.array(z.number().int()) }));

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signedIn = { authenticated: true } as const;
  const tags = ['users'];

  // the current user (product §7) and user by id; the public API reads it with an API token too
  app.get(
    '/users/:id',
    {
      config: { authenticated: true, apiToken: true, twoFactorSetup: true },
      schema: { tags, params: idParams, querystring: userGetQuery, response: { 200: userList } },
    },
    async (req) => ({ data: { items: [await users.getUser(req.ctx, req.params.id, req.query.with)] } }),
  );

  app.patch(
    '/users',
    { config: signedIn, schema: { tags, body: itemsOf(userProfileUpdate), response: { 200: userList } } },
    async (req) => ({
      data: { items: await users.updateProfiles(req.ctx, req.body.items) },
      message: 'Profile saved',
    }),
  );

  app.get(
    '/users/:id/logins-history',
    {
      config: signedIn,
      schema: { tags, params: idParams, querystring: listQuerySchema, response: { 200: envelope(listOf(loginHistorySchema)) } },
    },
    async (req) => ({ data: await users.loginsHistory(req.ctx, req.params.id, req.query) }),
  );

  app.post(
    '/users/:id/regenerate-api-token',
    { config: signedIn, schema: { tags, params: idParams, response: { 200: envelope(leadApiTokenSchema) } } },
    async (req) => ({
      data: await users.regenerateLeadApiToken(req.ctx, req.params.id),
      message: 'A new API token is issued; the old one no longer works',
    }),
  );

  app.get(
    '/users/:id/preferences',
    {
      config: signedIn,
      schema: { tags, params: idParams, querystring: preferenceListQuery, response: { 200: envelope(listOf(preferenceSchema)) } },
    },
    async (req) => ({ data: { items: await preferences.listPreferences(req.ctx, req.params.id, req.query.type) } }),
  );

  app.put(
    '/user-preferences',
    { config: signedIn, schema: { tags, body: itemsOf(preferenceCreate), response: { 200: envelope(listOf(preferenceSchema)) } } },
    async (req) => ({
      data: { items: await preferences.savePreferences(req.ctx, req.body.items) },
      message: 'Preferences saved',
    }),
  );

  app.patch(
    '/user-preferences',
    { config: signedIn, schema: { tags, body: itemsOf(preferenceUpdate), response: { 200: envelope(listOf(preferenceSchema)) } } },
    async (req) => ({
      data: { items: await preferences.updatePreferences(req.ctx, req.body.items) },
      message: 'Preferences saved',
    }),
  );

  app.delete('/user-preferences', { config: signedIn, schema: { tags, body: idsBody, response: { 200: deleted } } }, async (req) => ({
    data: { items: await preferences.deletePreferences(req.ctx, req.body.data) },
    message: 'Preferences deleted',
  }));

  app.get('/api-tokens', { config: signedIn, schema: { tags, response: { 200: envelope(listOf(apiTokenSchema)) } } }, async (req) => ({
    data: { items: await apiTokens.listApiTokens(req.ctx) },
  }));

  app.put(
    '/api-tokens',
    { config: signedIn, schema: { tags, body: itemsOf(apiTokenCreate), response: { 200: envelope(listOf(apiTokenSchema)) } } },
    async (req) => ({
      data: { items: await apiTokens.createApiTokens(req.ctx, req.body.items) },
      message: 'API token created. Copy it now: it is shown only once',
    }),
  );

  app.delete('/api-tokens', { config: signedIn, schema: { tags, body: idsBody, response: { 200: deleted } } }, async (req) => ({
    data: { items: await apiTokens.revokeApiTokens(req.ctx, req.body.data) },
    message: 'API token revoked',
  }));
}
