import { AppError, PUBLIC_CACHE, Reply, cacheControl, defineRoute, type Context } from '@gw/runtime';
import { ABI_FILES } from '../chain/index.js';
import { Abi, ContractAddresses, abiFileParam, abiRequestHeaders, contractExamples as ex } from './schemas.js';
import { abiCatalog, contractAddresses, findAbi, matchesIfNoneMatch } from './service.js';

const route = defineRoute<Pick<Context, 'chains' | 'config' | 'prisma' | 'secretBox'>>();

const etagHeader = { ETag: { description: 'Strong entity tag of the file', schema: { type: 'string' } } };

/**
 * The addresses of our deployed contracts and their compiled ABIs, public. Answers may be cached a
 * few minutes, the ABIs revalidated by ETag.
 */
export const contractRoutes = [
  route({
    operationId: 'getContractAddresses',
    method: 'get',
    path: '/gateway/v1/contracts/addresses',
    tag: 'Contracts',
    summary: 'Contract addresses per network',
    description:
      'Our contracts as deployed on each configured chain (`CHAIN_RPC_URLS`; `pnpm start` runs two local chains), keyed by CAIP-2 chain id, EIP-55 checksummed, ' +
      'with the custody address that deposits are sent to. The home chain holds the token, the treasury (timelock), the governor, staking and the bridge vault; ' +
      'each other chain holds the wrapped token. A chain without a deployment is left out; without any chain, `networks` is empty.',
    auth: 'public',
    success: [
      {
        status: 200,
        description: 'Contract addresses',
        schema: ContractAddresses,
        example: ex.addresses,
        headers: cacheControl(PUBLIC_CACHE),
      },
    ],
    handler: async (deps) => new Reply(200, await contractAddresses(deps), { 'Cache-Control': PUBLIC_CACHE }),
  }),
  route({
    operationId: 'getContractAbi',
    method: 'get',
    path: '/contracts-abi/{file}',
    tag: 'Contracts',
    summary: 'A contract ABI',
    description:
      `The ABI of a compiled contract (${Object.values(ABI_FILES)
        .map((f) => `\`${f}\``)
        .join(', ')}), from the artifacts solc-js compiled, with a strong \`ETag\` (SHA-256 of the bytes). ` +
      '`If-None-Match` (weak comparison: `W/"…"` and `*` match too) → 304 without a body. Any other name, nested path or traversal attempt → 404.',
    auth: 'public',
    params: abiFileParam,
    headers: abiRequestHeaders,
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such ABI' } },
    success: [
      {
        status: 200,
        description: 'The ABI (a JSON array)',
        schema: Abi,
        example: ex.abi,
        headers: { ...etagHeader, ...cacheControl(PUBLIC_CACHE) },
      },
      {
        status: 304,
        description: 'Not modified: `If-None-Match` matched the current ETag',
        headers: etagHeader,
      },
    ],
    // The name is only looked up in the whitelist built at start; the file's exact bytes are sent.
    handler: (_deps, { params, header }) => {
      const abi = findAbi(abiCatalog(), params.file);
      if (!abi) throw new AppError('not-found', 'No such ABI');
      const headers = { ETag: abi.etag, 'Cache-Control': PUBLIC_CACHE };
      if (matchesIfNoneMatch(header('if-none-match'), abi.etag)) return new Reply(304, undefined, headers);
      return new Reply(200, abi.body, { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(abi.body.length) });
    },
  }),
];
