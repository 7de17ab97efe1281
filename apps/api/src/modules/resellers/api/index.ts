/** The reseller REST API (issue 7 item 3) and its OpenAPI document. */
export { API_PREFIX, resellerApiRoutes } from './api.routes';
export { openApiDocument } from './openapi';
