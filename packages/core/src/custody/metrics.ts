import { Counter, Gauge, type Registry } from 'prom-client';
import type { ReservesReport } from './schemas.js';
import type { ScanReport } from './service.js';

/**
 * The worker's custody metrics, registered on its registry:
 * - `gw_custody_deposits_credited_total`, `gw_custody_deposits_dropped_total` (pending deposits
 *   reorged out), `gw_custody_reorgs_total`;
 * - `gw_custody_deposits_orphaned_total` (credited deposits found orphaned) and the gauge
 *   `gw_custody_orphaned_deposits` (orphaned deposits recorded, per chain): alert on > 0;
 * - `gw_custody_reserves_holds{chain,token}` (1 when the ledger's custodial supply equals the
 *   custody address's on-chain balance, else 0) and `gw_custody_reserves_difference_tokens`
 *   (on-chain − custodial, in whole tokens of 18 decimals: a float, for alerting; the exact figure
 *   is `admin reserves:check`'s).
 * @returns the observers of the scan and of the reserves check
 */
export function custodyMetrics(registry: Registry): {
  onScan: (report: ScanReport) => void;
  onReserves: (report: ReservesReport) => void;
} {
  const registers = [registry];
  const credited = new Counter({ name: 'gw_custody_deposits_credited_total', help: 'Deposits credited to the ledger', registers });
  const dropped = new Counter({
    name: 'gw_custody_deposits_dropped_total',
    help: 'Pending deposits reorged out before their confirmations (never credited)',
    registers,
  });
  const reorgs = new Counter({
    name: 'gw_custody_reorgs_total',
    help: 'Reorgs seen by the deposit scan (a remembered block hash changed)',
    registers,
  });
  const orphanedNow = new Counter({
    name: 'gw_custody_deposits_orphaned_total',
    help: 'Credited deposits found orphaned by a reorg deeper than the confirmations',
    registers,
  });
  const orphaned = new Gauge({
    name: 'gw_custody_orphaned_deposits',
    help: 'Orphaned deposits recorded (credited, then reorged out)',
    labelNames: ['chain'] as const,
    registers,
  });
  const holds = new Gauge({
    name: 'gw_custody_reserves_holds',
    help: '1 when the custodial supply equals the custody address on-chain balance, else 0',
    labelNames: ['chain', 'token'] as const,
    registers,
  });
  const difference = new Gauge({
    name: 'gw_custody_reserves_difference_tokens',
    help: 'On-chain balance of the custody address less the custodial supply, in whole tokens',
    labelNames: ['chain', 'token'] as const,
    registers,
  });
  return {
    onScan: (r) => {
      if (r.skipped) return;
      credited.inc(r.credited);
      dropped.inc(r.dropped);
      reorgs.inc(r.reorgs);
      orphanedNow.inc(r.orphaned);
      if (r.chain) orphaned.set({ chain: r.chain }, r.orphanedTotal);
    },
    onReserves: (r) => {
      holds.set({ chain: r.chain, token: r.token }, r.holds ? 1 : 0);
      difference.set({ chain: r.chain, token: r.token }, Number(BigInt(r.difference)) / 1e18);
    },
  };
}
