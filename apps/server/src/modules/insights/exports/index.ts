/** The exports domain's surface for other domains (architecture §layout). */
export { create, EXPORT_CONTENT_TYPES, recent, run, toView } from './exports.service';
