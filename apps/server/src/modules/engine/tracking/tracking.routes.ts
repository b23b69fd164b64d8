/**
 * The tracking endpoint `GET /c/:campaignKey` on every host (parked tracking domains and the main host): answers the
 * 302 from memory and leaves the write to the click batch writer. Unknown keys answer 404; invalid clicks, and the
 * clicks of an offer whose caps are full with the action trafficback (CapGate), go to the offer's trafficback URL;
 * an invalid click answers 404 when there is none. Never a 500: a failure is logged by name.
 *
 * A listening server answers `GET /c/<key>` before Fastify (click-handler.ts); this route serves the same handler for
 * what reaches Fastify (inject, HEAD, a closing server's last requests), taking the raw request and response.
 */
import type { FastifyInstance } from 'fastify';
import type { ClickHandler } from './click-handler';

export function registerTrackingRoutes(app: FastifyInstance, handler: ClickHandler) {
  app.get<{ Params: { campaignKey: string } }>(
    '/c/:campaignKey',
    { config: { public: true, compress: false }, schema: { hide: true } },
    (req, reply) => {
      reply.hijack();
      // the answer is the front's, header for header (not the document headers the global hooks have set by now)
      for (const name of reply.raw.getHeaderNames()) reply.raw.removeHeader(name);
      const q = req.url.indexOf('?');
      return handler.serve(req.raw, reply.raw, req.params.campaignKey, q < 0 ? '' : req.url.slice(q + 1));
    },
  );
}
