/** The affiliates' integration guide (traffic area): `GET /integration-guide`, built from the OpenAPI document. */
export { buildIntegrationGuide } from './integration-guide.service';
export { default as integrationGuideRoutes } from './integration-guide.routes';
