/** buildApp(deps): the Fastify instance. main.ts starts it; tests build it too and call `inject`. */
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { IMAGE_MAX_BYTES } from '@leadgrid/shared';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import helmet from 'helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { NODE_ROLE_NAMES, type Config } from './config';
import type { Database } from './db/client';
import { registerAuth } from './http/auth';
import { registerErrorHandler } from './http/error-handler';
import { AppError } from './http/errors';
import { registerMessageLanguage } from './http/language';
import { registerJsonBody } from './http/json-body';
import { openapiTransform, openapiTransformObject } from './http/openapi';
import './http/plugins';
import { defineJobs } from './jobs';
import { TestLinks } from './lib/test-link';
import { setupTracking, type Tracking } from './modules/engine/tracking';
import { clickFrontServer, trustProxyOf } from './modules/engine/tracking/click-handler';
import { createJobQueue, type JobQueue } from './jobs/queue';
import type { Mailer } from './lib/mailer';
import type { Storage } from './lib/storage';
import { TokenSigner } from './lib/tokens';
import { modules } from './modules';
import { postbackInRoutes } from './modules/engine/conversions/postback-in';
import type { Services } from './services';

export interface AppDeps {
  config: Config;
  database: Database;
  jwtSecret: string;
  mailer: Mailer;
  storage: Storage;
  /** the job queue; buildApp defines the jobs on it, the caller starts it (an unstarted one is made when absent) */
  queue?: JobQueue;
  now?: () => Date;
  logger?: boolean | object;
  /** called for every route as it is registered (the route-coverage test reads each route's config) */
  onRoute?: (route: RouteOptions) => void;
}

export type { Services };

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const now = deps.now ?? (() => new Date());
  let tracking: Tracking | undefined;
  const app = Fastify({
    logger: deps.logger ?? false,
    // the click handler reads the client IP with this same function
    trustProxy: trustProxyOf(config.TRUST_PROXY) ?? false,
    // `GET /c/<key>` is answered before Fastify (modules/engine/tracking/click-handler.ts)
    serverFactory: clickFrontServer(() => (config.NODE_ROLES.has('tracker') ? tracking?.handler : undefined)),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // zod validates and serializes every route (the compilers set below): with these builders, what the setters install,
    // Fastify does not load its default ajv and fast-json-stringify compilers at start (docs/decisions/platform.md,
    // "Lean start"; Fastify's types describe ajv's builders)
    schemaController: {
      compilersFactory: { buildValidator: (() => validatorCompiler) as never, buildSerializer: (() => serializerCompiler) as never },
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const services: Services = {
    config,
    database: deps.database,
    signer: new TokenSigner(deps.jwtSecret, config.ACCESS_TOKEN_TTL),
    mailer: deps.mailer,
    storage: deps.storage,
    queue: deps.queue ?? createJobQueue(deps.database, app.log),
    now,
    testLinks: new TestLinks(deps.jwtSecret),
    tracking: undefined as never,
  };
  app.decorate('services', services);
  defineJobs(services);

  registerErrorHandler(app);
  // a node serves only its roles (NODE_ROLES): the balancer sends it nothing else, and what comes anyway is not found
  if (config.NODE_ROLES.size < NODE_ROLE_NAMES.length) app.addHook('onRequest', async (req) => servesOnlyItsRoles(config.NODE_ROLES, req));
  // answers' messages in the reader's language (http/language.ts)
  registerMessageLanguage(app);
  // every JSON body bounded in depth before it is parsed (http/json-body.ts)
  registerJsonBody(app);
  // helmet's browser security headers, its middleware built once (@fastify/helmet builds it again for every request:
  // docs/decisions/platform.md, 2026-11-25); a route opts out with `config: { helmet: false }`
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...(config.CHAT_SUPPORT_URL ? [new URL(config.CHAT_SUPPORT_URL).origin] : [])],
        connectSrc: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (req.routeOptions.config?.helmet === false) return done();
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Leadgrid API', version: '1' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    // operationIds, summaries, error answers, servers and nullable fixed centrally (http/openapi.ts)
    transform: openapiTransform,
    transformObject: openapiTransformObject(config.PUBLIC_URL) as never,
  });
  // the API reference is public: a browser opening it sends no bearer token
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });

  registerAuth(app, { database: deps.database, config, signer: services.signer, now });
  services.tracking = tracking = setupTracking(app, { database: deps.database, config, now, testLinks: services.testLinks });
  await app.register(postbackInRoutes);

  await app.register(
    async (api) => {
      // JSON answers over 1 KB compressed (br, else gzip) for the API only: the built web app is precompressed
      // (registerWeb) and the click and inbound postback live outside this scope; the lead API and the event
      // stream opt out with `config: { compress: false }` (docs/decisions/settings.md)
      await api.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
      for (const mod of modules) await api.register(mod);
    },
    { prefix: '/api/v1' },
  );

  await registerWeb(app, config);
  return app;
}

/**
 * Serves the built web app with history fallback (every non-API GET answers index.html). The hashed assets are one
 * wildcard route: a route per file (@fastify/static's `wildcard: false`) made about 2,800 routes out of a build's files
 * and cost 0.3 s of every start (docs/decisions/platform.md, "A restart under 3 s on the embedded database").
 */
async function registerWeb(app: FastifyInstance, config: Config) {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const dist = config.WEB_DIST ? resolve(config.WEB_DIST) : resolve(here, '../../web/dist');
  if (!existsSync(join(dist, 'index.html'))) return;
  // the .br and .gz twins the build wrote beside each file are sent by the browser's accept-encoding (with
  // `vary: accept-encoding`): no compression work per request. Hashed assets never change under their name
  // (cached for a year); index.html always revalidates so a deployment is seen at once; other files an hour.
  const assets = join(dist, 'assets');
  const index = join(dist, 'index.html');
  // the web app's files are public like the index: browsers send no token for them
  await app.register(async (web) => {
    web.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true } as typeof route.config;
    });
    await web.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      wildcard: true,
      index: false,
      preCompressed: true,
      maxAge: '1h',
      immutable: false,
      setHeaders: (reply, file) => {
        if (file.startsWith(assets + sep)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (file === index || file.startsWith(`${index}.`)) reply.header('cache-control', 'no-cache');
      },
    });
    web.get('/', { schema: { hide: true } }, (_req, reply) => reply.sendFile('index.html', dist));
    web.get('/*', { schema: { hide: true } }, (req, reply) => {
      const path = req.url.split('?')[0];
      // also the tracker and postback paths whose key is too long for their route: a 404, not the web app
      if (path.startsWith('/api/') || path.startsWith('/c/') || path.startsWith('/postback/')) {
        return reply.status(404).send({ statusCode: 404, message: `Route GET ${path} not found` });
      }
      // a file at the build's top (favicon.svg, theme-init.js …), else the web app's page
      const file = join(dist, path);
      if (file.startsWith(dist + sep) && existsSync(file) && !file.endsWith('/')) return reply.sendFile(path.slice(1), dist);
      return reply.sendFile('index.html', dist);
    });
  });
}

/** the hot paths are the tracker's (the click, and the routes marked `hotPath`: the lead API, inbound postbacks), the
 * rest the api's */
function servesOnlyItsRoles(roles: Config['NODE_ROLES'], req: FastifyRequest): void {
  const hot = req.routeOptions.config?.hotPath === true || req.url.startsWith('/c/');
  // the same answer as a route no node has (the error handler's not-found)
  if (!roles.has(hot ? 'tracker' : 'api')) throw new AppError('NOT_FOUND', `Route ${req.method} ${req.url.split('?')[0]} not found`);
}
