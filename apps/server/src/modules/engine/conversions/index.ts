/** The conversions domain's surface for other domains (architecture §layout). */
export { conversionsExporter } from './conversions-export';
export { applyPolledStatus } from './postback-in';
