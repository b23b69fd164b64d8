/**
 * What the routes of the people domains (employees, advertiser members, affiliates, teams) say and hand on alike: the
 * mail of a new account's password, the messages of their status and block changes, the pickers' look-up and the
 * block history.
 */
import { blockEventSchema, blockHistoryQuery, envelope, idParams, listMetaSchema, listOf } from '@leadgrid/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../http/context';
import { routeKit, type Answers, type RouteKit, type RouteKitSpec, type Words } from '../../http/route-kit';
import type { JobQueue } from '../../jobs/queue';
import type { MailDeps } from './accounts';

/** the mail deps of a request: the app's mailer, the request's log, the public address (else the request's own) */
const mailDepsOf =
  (fastify: FastifyInstance) =>
  (req: FastifyRequest): MailDeps => ({
    mailer: fastify.services.mailer,
    log: req.log,
    publicUrl: fastify.services.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`,
  });

/** PUT url: a create that e-mails the new accounts' passwords; its message says when a mail could not be sent */
export function createRoute<S extends z.ZodType>(
  kit: RouteKit,
  fastify: FastifyInstance,
  item: S,
  create: (ctx: Ctx, deps: MailDeps, items: z.infer<S>[]) => Promise<{ items: unknown[]; unsentMail: number }>,
  unsent: string,
) {
  const mailDeps = mailDepsOf(fastify);
  kit.items(
    'PUT',
    '',
    item,
    (ctx, items, req) => create(ctx, mailDeps(req), items),
    (_body, { items, unsentMail }) => kit.count(items.length, 'created') + (unsentMail ? unsent : ''),
  );
}

/** "Employee status changed", "3 employee statuses changed" */
export const statusesChanged = (kit: RouteKit): Words => [`${kit.one} status changed`, `${kit.one.toLowerCase()} statuses changed`];

/** blocked, unblocked, or (a mix of both) "Team blocks changed" */
export const blockChanged = (kit: RouteKit, body: { action: string }[]): Words =>
  body.every((it) => it.action === 'block')
    ? 'blocked'
    : body.every((it) => it.action === 'unblock')
      ? 'unblocked'
      : [`${kit.one} blocks changed`, `${kit.one.toLowerCase()} blocks changed`];

/** GET url/lookup: staff pickers of other screens, to any signed-in user (the scope rule applies, not the menu permission) */
export function lookupRoute<Q extends z.ZodType>(
  kit: RouteKit,
  querystring: Q,
  item: z.ZodType,
  lookup: (ctx: Ctx, query: z.infer<Q>) => Promise<unknown>,
) {
  const { app, url, tags } = kit;
  const response: Answers = { 200: envelope(z.object({ items: z.array(item), meta: listMetaSchema })) };
  app.get(`${url}/lookup`, { config: { authenticated: true }, schema: { tags, querystring, response } }, async (req) => ({
    data: await lookup(req.ctx, req.query as z.infer<Q>),
  }));
}

/** GET url/:id/block-history: who blocked or unblocked the row, when and why */
export function blockHistoryRoute(
  kit: RouteKit,
  history: (ctx: Ctx, id: number, query: z.infer<typeof blockHistoryQuery>) => Promise<unknown>,
) {
  const { app, url, tags, read } = kit;
  const response: Answers = { 200: envelope(listOf(blockEventSchema)) };
  app.get(
    `${url}/:id/block-history`,
    { config: read, schema: { tags, params: idParams, querystring: blockHistoryQuery, response } },
    async (req) => ({ data: await history(req.ctx, req.params.id, req.query) }),
  );
}

/** what an account list's service answers to: its list and row, and the create, save and status change of accounts */
export interface AccountService<Row, Q, C, U, S> {
  list: (ctx: Ctx, query: Q) => Promise<unknown>;
  get: (ctx: Ctx, id: number) => Promise<unknown>;
  create: (ctx: Ctx, deps: MailDeps, items: C[]) => Promise<{ items: Row[]; unsentMail: number }>;
  update: (ctx: Ctx, deps: { queue: JobQueue }, items: U[]) => Promise<Row[]>;
  changeStatus: (ctx: Ctx, items: S[]) => Promise<Row[]>;
}

/** the routes a domain adds among those of `accountRoutes`, on its kit */
type Hook<Row extends z.ZodType> = (kit: RouteKit<Row>) => void;

/**
 * The routes of a list of accounts (employees, advertiser members, affiliates), in this order (the OpenAPI
 * document's): GET url (`views.list`: when the list answers less than a row), the domain's own reads (`reads`),
 * GET url/:id (and `rowReads`), PUT url (create, mailing the passwords; `unsent` ends its message when a mail fails),
 * PATCH url (save), the domain's own writes (`writes`), POST url/change_status.
 */
export function accountRoutes<Row extends z.ZodType, Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType, S extends z.ZodType>(
  fastify: FastifyInstance,
  spec: RouteKitSpec<Row>,
  schemas: { query: Q; create: C; update: U; status: S },
  service: AccountService<z.infer<Row>, z.infer<Q>, z.infer<C>, z.infer<U>, z.infer<S>>,
  more: { unsent: string; listView?: Answers; reads?: Hook<Row>; rowReads?: Hook<Row>; writes?: Hook<Row> },
) {
  const kit = routeKit(fastify, spec);
  const deps = { queue: fastify.services.queue };
  kit.list(schemas.query, service.list, more.listView);
  more.reads?.(kit);
  kit.get(service.get);
  more.rowReads?.(kit);
  createRoute(kit, fastify, schemas.create, service.create, more.unsent);
  kit.items('PATCH', '', schemas.update, (ctx, items) => service.update(ctx, deps, items), 'saved');
  more.writes?.(kit);
  kit.items('POST', '/change_status', schemas.status, service.changeStatus, statusesChanged(kit));
  return kit;
}
