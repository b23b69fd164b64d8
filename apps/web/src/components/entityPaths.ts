/**
 * Paths of records that more than one feature links to (a conversion names its invoices, the money screens open
 * them), so no feature imports another for a link.
 */

/** an invoice's page: the affiliate's own (`/billing`), or the staff page of its side */
export const invoicePath = (invoice: { id: number; type: 'affiliate' | 'advertiser' }, affiliateView = false) =>
  affiliateView
    ? `/billing/invoices/${invoice.id}`
    : invoice.type === 'affiliate'
      ? `/affiliate-billing/invoices/${invoice.id}`
      : `/advertiser-billing/adv-invoices/${invoice.id}`;
