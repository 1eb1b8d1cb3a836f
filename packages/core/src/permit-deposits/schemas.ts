import { z } from 'zod';
import { EX, address, amount, amountSchema, dateTime, idParam, symbol, uuid } from '@gw/runtime';
import { caip2, PERMIT_TYPES, permitDeadlineSchema, signatureSchema } from '../chain/index.js';

/**
 * The gasless deposit's contract: the wallet signs an EIP-2612 permit for the custody
 * address, and the gateway relays `permit` + `transferFrom`, paying the gas.
 * `GET /gateway/v1/wallet/permit-deposits/typed-data`, `POST /gateway/v1/wallet/permit-deposits`,
 * `GET /gateway/v1/wallet/permit-deposits/{id}`. Amounts are strings of integer base units.
 */

const txHash = () =>
  z
    .string()
    .regex(/^0x[0-9a-f]{64}$/)
    .nullable();

export const permitDepositBody = z.strictObject({ amount: amountSchema, deadline: permitDeadlineSchema, signature: signatureSchema });

/** States of a permit deposit; `confirmed` and `failed` are final. */
export const PERMIT_DEPOSIT_STATUSES = ['pending', 'submitted', 'confirmed', 'failed'] as const;

export const PermitDeposit = z
  .object({
    id: uuid(),
    object: z.literal('permit_deposit'),
    status: z.enum(PERMIT_DEPOSIT_STATUSES).meta({
      description:
        '`pending`: accepted, the permit not yet broadcast; `submitted`: the permit or the transfer is on its way; ' +
        '`confirmed`: the `transferFrom` is `CHAIN_CONFIRMATIONS` deep: the tokens are in custody and the deposit scan credits them (see `deposit`); ' +
        '`failed`: the permit or the transfer was refused or reverted on chain; nothing moved, the tokens are still in the wallet',
    }),
    chain: caip2(),
    /** The JWT's wallet: the permit's owner, and the account credited. */
    from: address(),
    token: symbol(),
    amount: amount(),
    deadline: z.number().int().meta({ description: "The permit's deadline, unix seconds" }),
    permitTxHash: txHash().meta({ description: 'The `permit` transaction (the latest signed while in flight)' }),
    txHash: txHash().meta({ description: 'The `transferFrom` transaction: the deposit in `GET /wallet/deposits` carries the same hash' }),
    deposit: z
      .enum(['pending', 'credited', 'orphaned'])
      .nullable()
      .meta({ description: "The deposit scan's state of the transfer (`GET /wallet/deposits`), null before it is seen" }),
    failureReason: z.string().nullable(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({
    id: 'PermitDeposit',
    description: 'A gasless deposit: an EIP-2612 permit relayed by the gateway, then `transferFrom` into custody',
  });
export type PermitDepositDto = z.infer<typeof PermitDeposit>;

export const permitDepositIdParam = idParam('permit deposit', '0193a5c0-0000-7000-8000-0000000000b1');

const typedDataExample = {
  object: 'permit_typed_data',
  chain: 'eip155:31337',
  spender: '0xc811641CEd3B057BA939fE62Ad8D682d37b0c1b7',
  typedData: {
    domain: { name: 'Gateway Token', version: '1', chainId: 31337, verifyingContract: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' },
    types: { Permit: [...PERMIT_TYPES.Permit] },
    primaryType: 'Permit',
    message: {
      owner: EX.wallet,
      spender: '0xc811641CEd3B057BA939fE62Ad8D682d37b0c1b7',
      value: '10000000000000000000',
      nonce: '0',
      deadline: '1795800000',
    },
  },
};

const pending = {
  id: '0193a5c0-0000-7000-8000-0000000000b1',
  object: 'permit_deposit',
  status: 'pending',
  chain: 'eip155:31337',
  from: EX.wallet,
  token: 'GTK',
  amount: '10000000000000000000',
  deadline: 1795800000,
  permitTxHash: null,
  txHash: null,
  deposit: null,
  failureReason: null,
  createdAt: EX.time,
  updatedAt: EX.time,
};

/** Example answers of the API reference (validated against the schemas by the contract tests). */
export const permitDepositExamples = {
  typedData: typedDataExample,
  pending,
  confirmed: {
    ...pending,
    status: 'confirmed',
    permitTxHash: '0x1f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e',
    txHash: '0x8f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e',
    deposit: 'credited',
    updatedAt: EX.later,
  },
};
