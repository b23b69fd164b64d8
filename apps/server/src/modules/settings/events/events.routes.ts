/**
 * Server-sent events (`text/event-stream`): `POST /events/token` gives a token valid for 60 seconds (an EventSource
 * cannot send the Authorization header, and an access token in a URL would end up in logs), then
 * `GET /events?token=…` streams the user's events — export progress `export_lead` (`export_conversion`,
 * `export_click` for the other types), data = the export's state. A new stream starts with the state of the user's
 * exports of the last hour, so an export that finished before the stream opened is not missed.
 */
import { EXPORT_EVENTS, envelope, eventsQuery, eventsTokenSchema, type ExportType } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadActor } from '../../../http/auth';
import { requireActor } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { recent, toView } from '../../insights/exports';
import { UserEventHub } from './events.hub';

export const EVENTS_TOKEN_TTL = 60;
const PURPOSE = 'events';
const HEARTBEAT_MS = 25_000;

export default async function eventsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hub = new UserEventHub(fastify.services.database);
  app.addHook('onClose', () => hub.close());

  app.post(
    '/events/token',
    {
      config: { authenticated: true },
      schema: {
        tags: ['events'],
        summary: 'A token for the events stream',
        description: 'Valid 60 seconds, only for `GET /events?token=…`.',
        response: { 200: envelope(eventsTokenSchema) },
      },
    },
    async (req) => {
      const { signer, now } = req.server.services;
      const token = await signer.signPurpose(PURPOSE, String(requireActor(req.ctx).id), EVENTS_TOKEN_TTL, now());
      return { data: { token, expiresIn: EVENTS_TOKEN_TTL } };
    },
  );

  app.get(
    '/events',
    {
      // authenticated by the events token of the query (checked below), not by a bearer token; a stream is never
      // compressed (each event must reach the browser when written)
      config: { public: true, compress: false },
      schema: {
        tags: ['events'],
        summary: 'The user’s server-sent events',
        description:
          'A `text/event-stream` of the user’s events (export progress: `export_lead`, `export_conversion`, `export_click`). Open it with the token of `POST /events/token`.',
        querystring: eventsQuery,
      },
    },
    async (req, reply) => {
      const { signer, now, database } = req.server.services;
      const sub = await signer.verifyPurpose(req.query.token, PURPOSE, now());
      const actor = sub ? await loadActor(database, Number(sub)) : null;
      if (!actor || actor.status !== 'active') throw AppError.unauthenticated('The events token is invalid or expired');

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      res.write('retry: 3000\n\n');
      const unsubscribe = await hub.subscribe(actor.id, (e) => send(e.event, e.data));
      for (const row of await recent(database.db, actor.id, new Date(now().getTime() - 3600_000)))
        send(EXPORT_EVENTS[row.type as ExportType] ?? 'export', toView(row));
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      req.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );
}
