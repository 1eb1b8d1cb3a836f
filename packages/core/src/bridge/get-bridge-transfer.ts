import { type Context, AppError, isUuid } from '@gw/runtime';
import { toBridgeTransferDto, type BridgeTransferDto } from './bridge-transfer-dto.js';

/**
 * A bridge transfer of `address` (the JWT's wallet). Transfers belong to the wallet that sent
 * them: another wallet's id is indistinguishable from an unknown one.
 * @throws AppError('not-found')
 */
export async function getBridgeTransfer(ctx: Pick<Context, 'prisma'>, address: string, transferId: string): Promise<BridgeTransferDto> {
  if (!isUuid(transferId)) throw new AppError('not-found', 'No such bridge transfer');
  const transfer = await ctx.prisma.bridgeTransfer.findFirst({ where: { id: transferId, address } });
  if (!transfer) throw new AppError('not-found', 'No such bridge transfer');
  return toBridgeTransferDto(transfer);
}
