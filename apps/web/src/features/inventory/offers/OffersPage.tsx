/**
 * /offers/{active|inactive|draft|all}: staff get the offers list; affiliates (product §2: their link is /offers/all) get
 * the offers open to them.
 */
import { isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { AffiliateOffersList } from './affiliate/AffiliateOffersList';
import { StaffOffersList } from './StaffOffersList';

export default function OffersPage() {
  const { access } = useSession();
  return access && isAffiliate(access) ? <AffiliateOffersList /> : <StaffOffersList />;
}
