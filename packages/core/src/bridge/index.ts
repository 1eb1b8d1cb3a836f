/** The `bridge` module's public surface: other modules and the apps import it only through this file. */
export { evmAddressSchema } from './contract.js';
export { bridgeRoutes } from './routes.js';
export {
  DEFAULT_BRIDGE_RELAY_DELAY_MS,
  DelayedRelayer,
  relayBridgeTransfer,
  type Relayer,
  type RelayResult,
  resumeBridgeRelays,
} from './relay.js';
export { bridgeRelayQueue } from './queue.js';
