/** The payment-settings domain's surface for other domains (style §1). */
export { get } from './payment-settings.service';
