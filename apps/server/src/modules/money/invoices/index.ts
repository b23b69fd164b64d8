export { default as invoicesRoutes } from './invoices.routes';
