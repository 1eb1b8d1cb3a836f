/** The `governance` module's public surface: other modules and the apps import it only through this file. */
export { castVote } from './service.js';
export { governanceRoutes } from './routes.js';
export { countProposals, findProposalIdByTitle, insertProposal } from './repository.js';
