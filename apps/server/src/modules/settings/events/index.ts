/** The events domain's surface for other domains (style §1). */
export { publishUserEvent } from './events.hub';
