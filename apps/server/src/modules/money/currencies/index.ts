/** The currencies domain's surface for other domains (style §1). */
export { baseCurrencyCode } from './currencies.service';
