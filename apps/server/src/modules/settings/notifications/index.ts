/** The notifications domain's surface for other domains (style §1). */
export { notify } from './notifications.service';
export { capReached, exportReady, leadFailed, offerStatusChanged, postbackFailed, pruneNotificationOnce } from './raise';
