/** The landers domain's surface for other domains (architecture §layout). */
export { type Audience, audienceOf, readableOffer, sieveAdmits, visibleOffersWhere } from './scope';
