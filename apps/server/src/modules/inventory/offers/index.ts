/** The offers domain's surface for other domains (style §1). */
export { READ } from './offers.service';
export { accessSql, affiliateSeesOffer, isAffiliate, isStaff, reconcileOfferAccess, visibleToAffiliateWhere } from './visibility';
export { get as affiliateOffer } from './affiliate-offers.service';
export { get as staffOffer } from './offers.service';
