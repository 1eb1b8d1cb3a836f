/**
 * @gw/contracts: the Solidity contracts, their committed artifacts (compiled by
 * `pnpm contracts:compile`) and the fingerprint of their sources. The anvil harness is
 * `@gw/contracts/anvil`.
 */
export {
  artifacts,
  BridgeVault,
  GatewayGovernor,
  GatewayToken,
  PayoutBatcher,
  RelayBatcher,
  Staking,
  Timelock,
  WrappedToken,
} from './generated/artifacts.js';
export { sourceHash, SOLC_SETTINGS, SOLC_VERSION } from './source-hash.js';
