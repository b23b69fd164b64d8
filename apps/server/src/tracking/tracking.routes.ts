/**
 * The tracking endpoint `GET /c/:campaignKey` on every host (parked tracking domains and the main host): answers the
 * 302 from memory and leaves the write to the click batch writer. Unknown keys answer 404; invalid clicks, and the
 * clicks of an offer whose caps are full with the action trafficback (CapGate), go to the offer's trafficback URL;
 * an invalid click answers 404 when there is none. Never a 500 for bad input: a failure is logged by name.
 */
import { CAMPAIGN_KEY_RE } from '@leadgrid/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Tracking } from './index';
import { makeClick } from './click';

const NOT_ACTIVE = 'This link is not active';

function notFound(reply: FastifyReply) {
  return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_ACTIVE);
}

export function registerTrackingRoutes(app: FastifyInstance, tracking: Tracking) {
  app.get<{ Params: { campaignKey: string }; Querystring: Record<string, unknown> }>(
    '/c/:campaignKey',
    { config: { public: true }, schema: { hide: true } },
    async (req, reply) => {
      const key = req.params.campaignKey;
      if (!CAMPAIGN_KEY_RE.test(key)) return notFound(reply);
      const route = await tracking.routing.get(key);
      if (!route) return notFound(reply);
      const now = tracking.now();
      const { location, row } = makeClick(
        route,
        {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          acceptLanguage: req.headers['accept-language'],
          referrer: req.headers.referer,
          query: (req.query ?? {}) as Record<string, unknown>,
          now,
          capped: tracking.caps.isClosed(route.offerId),
        },
        (k) => tracking.unique.check(k, now.getTime()),
      );
      await tracking.clicks.push(row);
      if (!location) return notFound(reply);
      return reply.code(302).header('cache-control', 'no-store').header('location', location).send();
    },
  );
}
