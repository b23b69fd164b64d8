/** The events domain's surface for other domains (architecture §layout). */
export { publishUserEvent } from './events.hub';
