import type { RouteTable } from '@gw/runtime';
import { paymentRoutes } from '@gw/core/payments';
import { webhookRoutes } from '@gw/core/webhooks';
import type { ApiDeps } from '../deps.js';

/**
 * Every route of the API, in the order of the API reference: the route tables of the modules,
 * and of this app (health, the reference itself). `createApp` registers them and
 * `buildOpenApiDocument` documents them, from these same rows.
 */
export const ROUTES: RouteTable<ApiDeps> = [...webhookRoutes, ...paymentRoutes];
