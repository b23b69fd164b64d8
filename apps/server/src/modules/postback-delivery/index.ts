/** Outbound affiliate postbacks: what the traffic engine calls when a conversion or a lead changes. */
export {
  enqueuePostbackEvents,
  firingPostbacks,
  deliveryJobs,
  definePostbackDeliveryJobs,
  deliverPostback,
  attemptPostback,
  affiliateMacroValues,
  POSTBACK_DELIVER_JOB,
  type PostbackEventInput,
  type PostbackDeliverJob,
  type AttemptResult,
} from './delivery';
export { HostBreaker } from './breaker';
export { insertLogsSql, logRow } from './logs';
export { directTargetReads, PostbackTargetsCache, type PostbackTargetReads, type TargetPostback } from './targets';
