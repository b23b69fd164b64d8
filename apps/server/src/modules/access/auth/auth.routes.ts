import {
  changePasswordBody,
  checkEmailBody,
  envelope,
  listOf,
  impersonateBody,
  loginAnswer,
  loginBody,
  logoutBody,
  newPasswordBody,
  recoveryBody,
  refreshAnswer,
  refreshBody,
  sessionIdsBody,
  sessionSchema,
  signUpBody,
  tokenPairSchema,
  twoFactorCodeBody,
  twoFactorSetupAnswer,
} from '@leadgrid/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as auth from './auth.service';
import * as sessions from './sessions';
import { counted } from '../../../lib/plural';

const ok = envelope(z.object({}).passthrough());
const whoAmI = z.object({
  id: z.number(),
  roleType: z.string(),
  roleTitle: z.string(),
  permissions: z.array(z.string()),
  impersonatorId: z.number().nullable(),
  twoFactorSetupRequired: z.boolean(),
});

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { signer, mailer, config, queue } = app.services;
  const deps = { signer, mailer, queue };
  const limited = { public: true, rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' } } as const;
  const publicUrl = (req: FastifyRequest) => config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
  const tags = ['auth'];

  app.post('/auth/login', { config: limited, schema: { tags, body: loginBody, response: { 200: envelope(loginAnswer) } } }, async (req) => {
    const data = await auth.login(req.ctx, deps, req.body);
    return { data, message: 'twoFactorRequired' in data ? 'Enter the code from your authenticator app' : 'Signed in' };
  });

  app.get(
    '/auth/me',
    { config: { authenticated: true, twoFactorSetup: true }, schema: { tags, response: { 200: envelope(whoAmI) } } },
    async (req) => {
      const a = req.ctx.actor!;
      return {
        data: {
          id: a.id,
          roleType: a.roleType,
          roleTitle: a.roleTitle,
          permissions: a.permissions,
          impersonatorId: a.impersonatorId ?? null,
          twoFactorSetupRequired: !!a.twoFactorSetupRequired,
        },
      };
    },
  );

  app.post(
    '/auth/refresh',
    { config: limited, schema: { tags, body: refreshBody, response: { 200: envelope(refreshAnswer) } } },
    async (req) => ({
      data: await auth.refresh(req.ctx, deps, req.body.refreshToken),
    }),
  );

  app.post('/auth/logout', { config: { public: true }, schema: { tags, body: logoutBody, response: { 200: ok } } }, async (req) => {
    await auth.logout(req.ctx, req.body.refreshToken);
    return { data: {}, message: 'Signed out' };
  });

  app.post(
    '/auth/impersonate',
    { config: { authenticated: true }, schema: { tags, body: impersonateBody.default({}), response: { 200: envelope(tokenPairSchema) } } },
    async (req) => {
      const data = await auth.impersonate(req.ctx, deps, req.body);
      return { data, message: req.body.impersonateAs ? 'You are acting as another user' : 'Back to your account' };
    },
  );

  app.post(
    '/auth/sign-up',
    { config: limited, schema: { tags, body: signUpBody, response: { 200: envelope(tokenPairSchema) } } },
    async (req) => ({
      data: await auth.signUp(req.ctx, deps, req.body),
      message: 'Welcome! Your account is ready',
    }),
  );

  app.post(
    '/auth/check-email',
    { config: limited, schema: { tags, body: checkEmailBody, response: { 200: envelope(z.object({ available: z.boolean() })) } } },
    async (req) => ({
      data: await auth.checkEmail(req.ctx, req.body.email),
    }),
  );

  app.post('/auth/password-recovery', { config: limited, schema: { tags, body: recoveryBody, response: { 200: ok } } }, async (req) => {
    await auth.requestRecovery(req.ctx, deps, req.body.email, publicUrl(req));
    return { data: {}, message: 'If this e-mail is registered, a link to set a new password is on its way' };
  });

  app.post('/auth/new-password', { config: limited, schema: { tags, body: newPasswordBody, response: { 200: ok } } }, async (req) => {
    await auth.setNewPassword(req.ctx, req.body.token, req.body.password);
    return { data: {}, message: 'Your password is changed. Sign in with the new one' };
  });

  app.post(
    '/auth/change-password',
    { config: { authenticated: true }, schema: { tags, body: changePasswordBody, response: { 200: ok } } },
    async (req) => {
      await auth.changePassword(req.ctx, req.body);
      return { data: {}, message: 'Password changed' };
    },
  );

  // the caller's own signed-in devices (profile > security)
  app.get(
    '/auth/sessions',
    { config: { authenticated: true }, schema: { tags, response: { 200: envelope(listOf(sessionSchema)) } } },
    async (req) => ({
      data: { items: await sessions.listSessions(req.ctx) },
    }),
  );

  app.delete(
    '/auth/sessions',
    {
      config: { authenticated: true },
      schema: { tags, body: sessionIdsBody, response: { 200: envelope(z.object({ items: z.array(z.string()) })) } },
    },
    async (req) => {
      const items = await sessions.revokeSessions(req.ctx, req.body.data);
      return { data: { items }, message: counted(items.length, 'Session ended', 'sessions ended') };
    },
  );

  app.post('/auth/sessions/revoke-others', { config: { authenticated: true }, schema: { tags, response: { 200: ok } } }, async (req) => {
    await sessions.revokeOtherSessions(req.ctx);
    return { data: {}, message: 'Every other session is signed out' };
  });

  app.post(
    '/auth/2fa/setup',
    { config: { authenticated: true, twoFactorSetup: true }, schema: { tags, response: { 200: envelope(twoFactorSetupAnswer) } } },
    async (req) => ({
      data: await auth.twoFactorSetup(req.ctx),
    }),
  );

  app.post(
    '/auth/2fa/enable',
    { config: { authenticated: true, twoFactorSetup: true }, schema: { tags, body: twoFactorCodeBody, response: { 200: ok } } },
    async (req) => {
      await auth.twoFactorEnable(req.ctx, req.body.code);
      return { data: {}, message: 'Two-factor authentication is on' };
    },
  );

  app.post(
    '/auth/2fa/disable',
    { config: { authenticated: true }, schema: { tags, body: twoFactorCodeBody, response: { 200: ok } } },
    async (req) => {
      await auth.twoFactorDisable(req.ctx, req.body.code);
      return { data: {}, message: 'Two-factor authentication is off' };
    },
  );
}
