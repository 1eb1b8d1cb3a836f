export * from './create-app.js';
export * from './deps.js';
export * from './start-api.js';
export * from './banner.js';
export * from './openapi/document.js';
export { registeredRoutes, type RouteInfo as RegisteredRoute } from './http/mount-routes.js';
export * from './openapi/route-index.js';
export { ROUTES } from './routes/catalogue.js';
