/** Route options every module uses: who may call a route. */
import 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** no sign-in needed */
    public?: boolean;
    /** any signed-in user (rights are checked by the service, e.g. "own record") */
    authenticated?: boolean;
    /** the permission (or any of several) the caller must hold */
    permission?: string | readonly string[];
    /** also accept an API token (affiliate/advertiser public API) */
    apiToken?: boolean;
    /** a traffic-engine intake route (lead API, inbound postback): its writes are traffic, not routing data, so they
     * do not empty the engine's caches (see modules/engine/tracking/index.ts) */
    hotPath?: boolean;
    /** answers a user who must set up two-factor sign-in first (its profile and the set-up itself) */
    twoFactorSetup?: boolean;
    /** false: none of helmet's browser security headers (app.ts), for routes only partners' servers call */
    helmet?: boolean;
  }
  interface FastifyRequest {
    ctx: import('./context').Ctx;
  }
}
