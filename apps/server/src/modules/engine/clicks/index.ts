/** The clicks domain's surface for other domains (style §1). */
export { clicksExporter } from './clicks-export';
export { aliased, clickIdIs, clickIdsIn, droppedClickDays } from './click-lookup';
export type { ClickCopy } from './clicks.tables';
