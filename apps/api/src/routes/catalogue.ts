import type { RouteTable } from '@gw/runtime';
import { paymentRoutes } from '@gw/core/payments';
import type { ApiDeps } from '../deps.js';
import { referenceRoutes } from '../openapi/reference.js';
import { healthRoutes } from './health.js';

/**
 * Every route of the API, in the order of the API reference: the route tables of the modules,
 * and of this app (health, the reference itself). `createApp` registers them and
 * `buildOpenApiDocument` documents them, from these same rows.
 */
export const ROUTES: RouteTable<ApiDeps> = [...healthRoutes, ...paymentRoutes, ...referenceRoutes];
