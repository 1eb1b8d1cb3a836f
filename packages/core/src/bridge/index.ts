/** The `bridge` module's public surface: other modules and the apps import it only through this file. */
export { BRIDGE_TRANSFER_EVENTS, BridgeTransfer, type BridgeTransferDto, evmAddressSchema } from './schemas.js';
export { bridgeRoutes } from './routes.js';
export { LEGACY_FAILURE_REASON, relayBridgeTransfer, resumeBridgeRelays } from './relay.js';
export { bridgeRelayQueue } from './queue.js';
export {
  BRIDGE_KINDS,
  bridgeBurnTransactions,
  bridgeCustodyLocks,
  bridgeLockTransactions,
  bridgeMintTransactions,
  bridgeReleaseTransactions,
  retryBridgeDestination,
} from './service.js';
export { countFailedAtDestination } from './repository.js';
export { bridgeProblem } from './problems.js';
