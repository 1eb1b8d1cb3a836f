import { AppError, PUBLIC_CACHE, Reply, cacheControl, defineRoute } from '@gw/runtime';
import { Abi, CONTRACT_KINDS, ContractAddresses, abiFileParam, abiRequestHeaders, contractExamples as ex } from './contract.js';
import { contractDocuments, findAbi, matchesIfNoneMatch } from './service.js';

/** The contract rows need nothing of the API's dependencies: they serve documents read once. */
const route = defineRoute<unknown>();

const etagHeader = { ETag: { description: 'Strong entity tag of the file', schema: { type: 'string' } } };

/**
 * Contract addresses and ABIs (issue #3), public. Both are read once per process
 * ({@link contractDocuments}); answers may be cached a few minutes, the ABIs revalidated by ETag.
 */
export const contractRoutes = [
  route({
    operationId: 'getContractAddresses',
    method: 'get',
    path: '/gateway/v1/contracts/addresses',
    tag: 'Contracts',
    summary: 'Contract addresses per network',
    description:
      'From the versioned `config/contracts.json`, keyed by CAIP-2 chain id, EIP-55 checksummed. These networks are also the chains the bridge accepts.',
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
    handler: () => new Reply(200, contractDocuments().addresses, { 'Cache-Control': PUBLIC_CACHE }),
  }),
  route({
    operationId: 'getContractAbi',
    method: 'get',
    path: '/contracts-abi/{file}',
    tag: 'Contracts',
    summary: 'A contract ABI',
    description:
      `The ABI file \`<name>.json\` (${CONTRACT_KINDS.map((k) => `\`${k}.json\``).join(', ')}), with a strong \`ETag\` (SHA-256 of the bytes). ` +
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
      const abi = findAbi(contractDocuments().abis, params.file);
      if (!abi) throw new AppError('not-found', 'No such ABI');
      const headers = { ETag: abi.etag, 'Cache-Control': PUBLIC_CACHE };
      if (matchesIfNoneMatch(header('if-none-match'), abi.etag)) return new Reply(304, undefined, headers);
      return new Reply(200, abi.body, { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(abi.body.length) });
    },
  }),
];
