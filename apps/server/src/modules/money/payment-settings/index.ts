/** The payment-settings domain's surface for other domains (architecture §layout). */
export { get } from './payment-settings.service';
