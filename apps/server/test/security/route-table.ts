/**
 * The route table the security tests are generated from: every registered operation (the app built once more with
 * a hook that sees each route as it is registered, as test/routes.test.ts does) with its access config, and its body
 * schema from the OpenAPI document the app serves at /api/docs/json where it has one.
 */
import type { RouteOptions } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/app';
import { DiskStorage } from '../../src/lib/storage';
import type { TestApp } from '../helper';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: { enum?: unknown[] } }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface Operation {
  /** `METHOD /url` as registered, e.g. `GET /api/v1/leads/:id` */
  key: string;
  method: string;
  url: string;
  config: NonNullable<RouteOptions['config']> & Record<string, unknown>;
  /** the route validates a body */
  hasBody: boolean;
  /** the OpenAPI operation (undefined for the routes the document leaves out: /c, /postback, /api/docs) */
  openapi?: OpenApiOperation;
}

export async function routeTable(t: TestApp): Promise<{ operations: Operation[]; documented: string[] }> {
  const registered: RouteOptions[] = [];
  const walker = await buildApp({
    config: t.config,
    database: t.database,
    jwtSecret: 'route-walker-secret-route-walker-secret',
    mailer: t.mailer,
    storage: new DiskStorage(t.config.uploadDir),
    onRoute: (route) => registered.push(route),
  });
  await walker.ready();
  afterAll(() => walker.close());

  const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  const byKey = new Map<string, OpenApiOperation>(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([m, op]) => [`${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, op] as const),
    ),
  );
  // the built web app (registered only when apps/web/dist exists, so not in a fresh clone): its files (@fastify/static:
  // one route per file with `config.rootPath` set, or with `wildcard: true`, as app.ts registers it, the one route
  // `/assets/*`), the index at `/` and the SPA fallback `/*` — public pages and files that carry no data, not API
  // operations (app.ts)
  const webApp = (r: RouteOptions) =>
    typeof (r.config as { rootPath?: unknown } | undefined)?.rootPath === 'string' ||
    r.url === '/' ||
    r.url === '/*' ||
    r.url === '/assets/*';
  const operations = registered
    .filter((r) => !webApp(r))
    .flatMap((r) =>
      [r.method]
        .flat()
        .filter((m) => m !== 'HEAD')
        .map((method): Operation => {
          const key = `${method} ${r.url}`;
          return {
            key,
            method,
            url: r.url,
            config: (r.config ?? {}) as Operation['config'],
            hasBody: !!r.schema?.body,
            openapi: byKey.get(key),
          };
        }),
    );
  return { operations, documented: [...byKey.keys()] };
}

/** A concrete path for a probe: `:…id` parameters get `id`, other parameters a made-up word, a wildcard a file name. */
export function probePath(url: string, id: string | number = 999999999): string {
  return url.replace(/\*$/, 'index.html').replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? String(id) : 'zz-made-up'));
}
