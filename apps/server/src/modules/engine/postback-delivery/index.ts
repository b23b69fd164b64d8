/** Outbound affiliate postbacks: what the traffic engine calls when a conversion or a lead changes. */
export {
  enqueuePostbackEvents,
  firingPostbacks,
  deliveryJobs,
  deliverPostback,
  attemptPostback,
  affiliateMacroValues,
  POSTBACK_DELIVER_JOB,
  type PostbackEventInput,
  type AttemptResult,
} from './delivery';
export { definePostbackDeliveryJobs } from './delivery.jobs';
export { enqueueDeliveries, outboxInsertSql, wakeOutbox, type PostbackDeliverJob } from './enqueue';
export { POSTBACK_OUTBOX } from './outbox';
export { HostBreaker } from './breaker';
export { insertLogsSql, logRow } from './logs';
export { directTargetReads, PostbackTargetsCache, type PostbackTargetReads, type TargetPostback } from './targets';
