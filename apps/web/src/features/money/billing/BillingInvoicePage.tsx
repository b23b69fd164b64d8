/** /billing/invoices/:id: the affiliate's own invoice (no private notes; another affiliate's is not found). */
import { InvoiceDetail } from '../InvoiceDetailPage';

export default function BillingInvoicePage() {
  return <InvoiceDetail affiliateView />;
}
