/**
 * `GET|POST /postback/:postbackKey` on the root path (advertisers call it, so it is not under /api/v1 and needs no
 * token): the query, a form body or a JSON body. Answers 200 {status:'ok', conversionId} or a 4xx
 * {status:'error', message}.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { handleInboundPostback, PostbackIntake } from './intake';

export async function postbackInRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // what every postback reads (integration, offer, goals, payment rules, rates, affiliate postbacks), kept per process,
  // and the group commit of the postbacks recorded at the same time
  const intake = new PostbackIntake(app.services.database, app.services.config, app.services.tracking.feed);
  const handler = async (
    req: FastifyRequest<{ Params: { postbackKey: string }; Querystring: Record<string, unknown> }>,
    reply: FastifyReply,
  ) => {
    const outcome = await handleInboundPostback(
      req.ctx,
      req.server.services.queue,
      {
        key: req.params.postbackKey,
        ip: req.ip,
        method: req.method,
        url: req.url,
        query: (req.query ?? {}) as Record<string, unknown>,
        body: req.body ?? null,
      },
      intake,
    );
    return reply.code(outcome.code).header('cache-control', 'no-store').send(outcome.answer);
  };
  app.route({
    method: ['GET', 'POST'],
    url: '/postback/:postbackKey',
    // advertisers' servers call it for JSON: the browser headers (CSP, frame options …) cost time and protect nothing
    config: { public: true, hotPath: true, helmet: false, compress: false },
    schema: { hide: true },
    handler,
  });
}
