/** The notifications domain's surface for other domains (architecture §layout). */
export { notify } from './notifications.service';
export { capReached, exportReady, leadFailed, offerStatusChanged, postbackFailed, pruneNotificationOnce } from './raise';
