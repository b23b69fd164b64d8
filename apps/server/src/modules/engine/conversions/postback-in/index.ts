/**
 * The advertiser's inbound postback (architecture §5): the route, the intake (lock, plan, one write per batch), what it
 * reads from memory, and the parameter rules the tests and the API sync use.
 */
export { applyPolledStatus, handleInboundPostback, PostbackIntake } from './intake';
export { ATTRIBUTES_MAX, ipAllowed, mergeAttributes, postbackAttributes, postbackParams } from './params';
export { postbackInRoutes } from './routes';
export type { InboundPostback, PostbackOutcome } from './types';
