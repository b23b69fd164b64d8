/** Dashboard: each staff or advertiser user's widgets and their figures (read through the statistics service). */
export { default as dashboardRoutes } from './dashboard.routes';
export { dashboards, dashboardWidgets } from './dashboard.tables';
export { STAFF_DEFAULT as DASHBOARD_STAFF_DEFAULT } from './dashboard.service';
