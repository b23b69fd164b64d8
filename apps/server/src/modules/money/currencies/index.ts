/** The currencies domain's surface for other domains (architecture §layout). */
export { baseCurrencyCode } from './currencies.service';
