/** The landers domain's surface for other domains (style §1). */
export { type Audience, audienceOf, readableOffer, sieveAdmits, visibleOffersWhere } from './scope';
