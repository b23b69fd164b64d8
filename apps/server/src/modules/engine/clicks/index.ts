/** The clicks domain's surface for other domains (architecture §layout). */
export { clicksExporter } from './clicks-export';
