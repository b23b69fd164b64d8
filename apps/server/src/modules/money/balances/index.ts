export { default as balancesRoutes } from './balances.routes';
