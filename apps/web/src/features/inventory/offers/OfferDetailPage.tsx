/** /offers/{id}/{tab}: staff get the offer page with its tabs; affiliates the affiliate-safe view of the offer. */
import { isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { AffiliateOfferPage } from './affiliate/AffiliateOfferPage';
import { StaffOfferPage } from './StaffOfferPage';

export default function OfferDetailPage() {
  const { access } = useSession();
  return access && isAffiliate(access) ? <AffiliateOfferPage /> : <StaffOfferPage />;
}
