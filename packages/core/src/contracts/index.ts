/** The `contracts` module's public surface: other modules and the apps import it only through this file. */
export { Abi, CAIP2_PATTERN, ContractAddresses } from './schemas.js';
export { abiCatalog, contractAddresses, findAbi, matchesIfNoneMatch } from './service.js';
export { contractRoutes } from './routes.js';
