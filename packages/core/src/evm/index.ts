/** The `evm` module's public surface: other modules and the apps import it only through this file. */
export { checksumAddress, isEvmAddress, parseEvmAddress, ZERO_ADDRESS } from './evm-address.js';
