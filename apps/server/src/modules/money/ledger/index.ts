/** The ledger domain's surface for other domains. */
export {
  hasEntries,
  openSources,
  partyFigures,
  rowsOf,
  setActor,
  sync,
  verify,
  zeroFigures,
  type Figures,
  type OpenSource,
  type PartyFigures,
} from './ledger.service';
export { invoiceItems, invoicePayments, invoices, ledgerAdjustments, ledgerEntries } from './ledger.tables';
