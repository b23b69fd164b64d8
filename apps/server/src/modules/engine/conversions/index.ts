/** The conversions domain's surface for other domains (style §1). */
export { conversionsExporter } from './conversions-export';
export { applyPolledStatus } from './postback-in';
