/** The exports domain's surface for other domains (style §1). */
export { create, EXPORT_CONTENT_TYPES, recent, run, toView } from './exports.service';
