/** The caps domain's surface for other domains (style §1). */
export { capCounters } from './cap-counters';
export {
  capCovers,
  capKey,
  capsOf,
  countConversion,
  type CountedConversion,
  countersOf,
  type EngineCap,
  inCurrency,
  isFull,
  leadRevenuePricer,
  ratesOf,
} from './cap-engine';
export { appliesTo, infoAudience, requireStaff, storedSieve, WRITE } from './caps.service';
export { loadOffers, type RefCheck, referenceErrors } from './offer-refs';
