/**
 * The routes most domains declare alike: the list, a row by id, and the writes of items answered with the rows
 * (create, save, status, clone …). Each is registered with the schema, permission and answer it had when written
 * by hand, so the OpenAPI document (operationId, 4xx answers) and the access checks stay the route's own.
 */
import { dataOf, envelope, idParams, itemsOf, listOf } from '@leadgrid/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { counted } from '../lib/plural';
import type { Ctx } from './context';

export interface RouteKitSpec<Row extends z.ZodType> {
  /** the collection, e.g. '/caps' */
  url: string;
  tags: string[];
  /** the permission of the reads and of the writes */
  read: string;
  write: string;
  /** a row as a read by id and every write answer it */
  row: Row;
  /** the nouns of the messages: 'Cap' and 'caps' ("Cap saved", "3 caps saved") */
  one: string;
  many: string;
}

/**
 * The spec of a list named by its collection, the common case: url `/${name}`, tagged `name`, its rows called `name`
 * with spaces for the hyphens ('advertiser members'); a list named otherwise spells its spec out.
 */
export const named = <Row extends z.ZodType>(name: string, one: string, row: Row, read: string, write: string): RouteKitSpec<Row> => ({
  url: `/${name}`,
  tags: [name],
  read,
  write,
  row,
  one,
  many: name.replaceAll('-', ' '),
});

/** the message of a write: a verb after the nouns ('saved'), or the two messages themselves (one, several) */
export type Words = string | readonly [one: string, other: string];

/** what a write's service answers: the rows, or the rows with more (a cascade's counts …) */
type Written<T> = T[] | { items: T[] };

type Said<I, R> = Words | ((body: I[], result: R) => string);

type Method = 'PUT' | 'PATCH' | 'POST' | 'DELETE';

/** a route's answers by status code; typed loosely where a caller gives the schema, which checks the answer at run time */
export type Answers = Record<number, z.ZodType>;

/**
 * The messages the kits compose from their nouns, gathered as routes are registered (a write's words known then): the
 * test of the Russian catalogue (http/messages.test.ts) reads it, since no source line holds these messages whole.
 */
export const KIT_MESSAGES = new Set<string>();

/** the messages `counted` makes of words: one row, and `{n}` rows */
function composed(one: string, many: string, words: Words): string[] {
  const [single, other] = typeof words === 'string' ? [`${one} ${words}`, `${many} ${words}`] : words;
  return [single, `{n} ${other}`];
}

/** what `crud` routes to: a plain list's service (C, U, S: the items of its writes; RC, RU, RS: their answers) */
export interface CrudService<Q, C, U, S, RC, RU, RS> {
  list: (ctx: Ctx, query: Q) => Promise<unknown>;
  get: (ctx: Ctx, id: number) => Promise<unknown>;
  create: (ctx: Ctx, items: C[]) => Promise<RC>;
  update: (ctx: Ctx, items: U[]) => Promise<RU>;
  changeStatus: (ctx: Ctx, items: S[]) => Promise<RS>;
}

export function routeKit<Row extends z.ZodType>(fastify: FastifyInstance, spec: RouteKitSpec<Row>) {
  type T = z.infer<Row>;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { url, tags } = spec;
  const answer = { 200: envelope(listOf(spec.row)) };
  const read = { permission: spec.read };
  const write = { permission: spec.write };

  /** "Cap saved" for one row, "3 caps saved" for more */
  const count = (n: number, words: Words) =>
    typeof words === 'string' ? counted(n, `${spec.one} ${words}`, `${spec.many} ${words}`) : counted(n, words[0], words[1]);

  /** the words of a status change: "Cap status changed", "3 caps changed status" */
  const statusChanged: Words = [`${spec.one} status changed`, `${spec.many} changed status`];

  /** a write whose body is `{ items }` or `{ data }`, answered with the rows and a message */
  const writeRoute = <I, R extends Written<T>>(
    method: Method,
    path: string,
    body: z.ZodType,
    input: (body: { items?: I[]; data?: I[] }) => I[],
    run: (ctx: Ctx, input: I[], req: FastifyRequest) => Promise<R>,
    say: Said<I, NoInfer<R>>,
  ) => {
    if (typeof say !== 'function') for (const m of composed(spec.one, spec.many, say)) KIT_MESSAGES.add(m);
    return app.route({
      method,
      url: `${url}${path}`,
      config: write,
      schema: { tags, body, response: answer },
      handler: async (req) => {
        const given = input(req.body as { items?: I[]; data?: I[] });
        const result = await run(req.ctx, given, req);
        const items = Array.isArray(result) ? result : result.items;
        return { data: { items }, message: typeof say === 'function' ? say(given, result) : count(items.length, say) };
      },
    });
  };

  /** GET url: the list of a query */
  const list = <Q extends z.ZodType>(
    querystring: Q,
    run: (ctx: Ctx, query: z.infer<Q>) => Promise<unknown>,
    response: Answers = answer,
  ) => {
    app.get(url, { config: read, schema: { tags, querystring, response } }, async (req) => ({
      data: await run(req.ctx, req.query as z.infer<Q>),
    }));
  };

  /** GET url/:id: one row (`response`: when a read answers more of a row than a write) */
  const get = (run: (ctx: Ctx, id: number) => Promise<unknown>, response: Answers = answer) => {
    app.get(`${url}/:id`, { config: read, schema: { tags, params: idParams, response } }, async (req) => ({
      data: { items: [await run(req.ctx, req.params.id)] },
    }));
  };

  /** a write of `{ items }` (PUT url creates, PATCH url saves, POST url/<action> …) */
  const items = <S extends z.ZodType, R extends Written<T>>(
    method: Method,
    path: string,
    item: S,
    /** `req` for what a write needs of the request besides its body (the mail of a new account …) */
    run: (ctx: Ctx, items: z.infer<S>[], req: FastifyRequest) => Promise<R>,
    say: Said<z.infer<S>, NoInfer<R>>,
  ) => {
    writeRoute(method, path, itemsOf(item), (b) => b.items!, run, say);
  };

  /**
   * The routes of a plain list, in this order (the OpenAPI document's): GET url, the domain's own reads (`reads`: the
   * look-ups of pickers …), GET url/:id (and `rowReads`), PUT url (create), PATCH url (save), POST url/change_status.
   */
  const crud = <
    Q extends z.ZodType,
    C extends z.ZodType,
    U extends z.ZodType,
    S extends z.ZodType,
    RC extends Written<T>,
    RU extends Written<T>,
    RS extends Written<T>,
  >(
    schemas: { query: Q; create: C; update: U; status: S },
    service: CrudService<z.infer<Q>, z.infer<C>, z.infer<U>, z.infer<S>, RC, RU, RS>,
    more: {
      reads?: () => void;
      /** the reads of a row's parts (GET url/:id/rates …), after the row */
      rowReads?: () => void;
      /** the answer of the list and the row, when a read answers more than a write */
      views?: Answers;
      /** the message of a status change (default: "Cap status changed") */
      status?: Said<z.infer<S>, NoInfer<RS>>;
    } = {},
  ) => {
    list(schemas.query, service.list, more.views);
    more.reads?.();
    get(service.get, more.views);
    more.rowReads?.();
    items('PUT', '', schemas.create, service.create, 'created');
    items('PATCH', '', schemas.update, service.update, 'saved');
    items('POST', '/change_status', schemas.status, service.changeStatus, more.status ?? statusChanged);
  };

  return {
    app,
    url,
    tags,
    one: spec.one,
    many: spec.many,
    /** the `200` answer of the rows */
    answer,
    read,
    write,
    count,
    statusChanged,
    /** a status change that turns every item on says so: "Cap activated" */
    activated: (body: { status: string }[]): Words => (body.every((x) => x.status === 'active') ? 'activated' : statusChanged),
    list,
    /** GET url/active: the active rows for pickers, to any signed-in user */
    active<Q extends z.ZodType>(querystring: Q, ref: z.ZodType, run: (ctx: Ctx, query: z.infer<Q>) => Promise<unknown>) {
      const response: Answers = { 200: envelope(listOf(ref)) };
      app.get(`${url}/active`, { config: { authenticated: true }, schema: { tags, querystring, response } }, async (req) => ({
        data: await run(req.ctx, req.query as z.infer<Q>),
      }));
    },
    /**
     * GET url/<path>: the rows a picker or another screen reads of this list, to the readers or to `permission` (the
     * readers and those of another menu …)
     */
    picker<Q extends z.ZodType>(
      path: string,
      querystring: Q,
      item: z.ZodType,
      run: (ctx: Ctx, query: z.infer<Q>) => Promise<unknown>,
      permission: string | string[] = spec.read,
    ) {
      const response: Answers = { 200: envelope(listOf(item)) };
      app.get(`${url}/${path}`, { config: { permission }, schema: { tags, querystring, response } }, async (req) => ({
        data: await run(req.ctx, req.query as z.infer<Q>),
      }));
    },
    get,
    items,
    crud,
    /** a write of `{ data }` (a bulk edit), answered with the rows it changed */
    data<S extends z.ZodType, R extends Written<T>>(
      method: Method,
      path: string,
      data: S,
      run: (ctx: Ctx, data: z.infer<S>) => Promise<R>,
      say: Said<z.infer<S>, NoInfer<R>>,
    ) {
      writeRoute<z.infer<S>, R>(
        method,
        path,
        dataOf(data),
        (b) => [b.data as z.infer<S>],
        (ctx, [d]) => run(ctx, d),
        say,
      );
    },
    /** POST url/:id/edit_<section> for each section of a row's form, each with its own schema: the row saved */
    sections<N extends string>(
      names: readonly N[],
      schemas: Record<N, { schema: z.ZodType }>,
      run: (ctx: Ctx, id: number, section: N, data: never) => Promise<T>,
    ) {
      for (const section of names) {
        app.post(
          `${url}/:id/edit_${section}`,
          { config: write, schema: { tags, params: idParams, body: dataOf(schemas[section].schema), response: answer } },
          async (req) => ({
            data: { items: [await run(req.ctx, req.params.id, section, req.body.data as never)] },
            message: count(1, 'saved'),
          }),
        );
      }
    },
  };
}

export type RouteKit<Row extends z.ZodType = z.ZodType> = ReturnType<typeof routeKit<Row>>;
