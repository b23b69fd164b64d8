export { default as financeRoutes } from './finance.routes';
