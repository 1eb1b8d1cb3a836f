import type { RouteTable } from '@gw/runtime';
import { sessionRoutes } from '@gw/core/auth';
import { bridgeRoutes } from '@gw/core/bridge';
import { connectorRoutes } from '@gw/core/connectors';
import { consentRoutes } from '@gw/core/consents';
import { contractRoutes } from '@gw/core/contracts';
import { creditRoutes } from '@gw/core/credits';
import { depositRoutes } from '@gw/core/custody';
import { energyRoutes } from '@gw/core/energy';
import { healthRecordRoutes } from '@gw/core/health-records';
import { cargolinkRoutes, supplyRoutes } from '@gw/core/logistics';
import { paymentRoutes } from '@gw/core/payments';
import { tokenRoutes, walletRoutes } from '@gw/core/ledger';
import { stakingRoutes } from '@gw/core/staking';
import { governanceRoutes } from '@gw/core/governance';
import { webhookRoutes, webhookTestRoutes } from '@gw/core/webhooks';
import { withdrawalRoutes } from '@gw/core/custody-outflows';
import { permitDepositRoutes } from '@gw/core/permit-deposits';
import type { RouteDeps } from '../deps.js';
import { referenceRoutes } from '../openapi/reference.js';
import { healthRoutes } from './health.js';
import { WEBHOOK_EVENT_CATALOGUE } from '../webhook-events.js';

/**
 * Every route of the API, in the order of the API reference: the route tables of the modules,
 * and of this app (health, the reference itself). `createApp` registers them and
 * `buildOpenApiDocument` documents them, from these same rows.
 */
export const ROUTES: RouteTable<RouteDeps> = [
  ...healthRoutes,
  ...sessionRoutes,
  ...webhookRoutes,
  ...webhookTestRoutes(WEBHOOK_EVENT_CATALOGUE),
  ...connectorRoutes,
  ...paymentRoutes,
  ...walletRoutes,
  ...withdrawalRoutes,
  ...depositRoutes,
  ...permitDepositRoutes,
  ...stakingRoutes,
  ...governanceRoutes,
  ...tokenRoutes,
  ...contractRoutes,
  ...bridgeRoutes,
  ...creditRoutes,
  ...supplyRoutes,
  ...energyRoutes,
  ...healthRecordRoutes,
  ...consentRoutes,
  ...cargolinkRoutes,
  ...referenceRoutes,
];
