/**
 * The offer page's tabs landings, caps (caps and targeting) and payment rules; each takes the staff offer
 * (`Offer` of packages/shared/src/inventory/offers.ts) and shows its own loading, empty and error states.
 */
import './i18n';

export { OfferLandingsTab } from './LandingsTab';
export { OfferCapsTab } from './CapsTab';
export { OfferPaymentRulesTab } from './PaymentRulesTab';
