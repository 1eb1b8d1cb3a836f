/**
 * `.ci/run`'s dependency audit: the production dependencies of pnpm-lock.yaml against
 * the npm registry's security advisories, with `pnpm audit --prod` of pnpm 11. pnpm 10 (the
 * project's) calls the audit endpoints npm retired (HTTP 410, pnpm/pnpm#13033); pnpm 11 calls the
 * bulk advisory endpoint `/-/npm/v1/security/advisories/bulk` (pnpm/pnpm#11268) and reads the same
 * lockfile. Debian packages no osv-scanner, so pnpm is the scanner.
 *
 *   node --import tsx scripts/audit-prod.ts
 *
 * Exit 0: no advisory of severity high or critical, or the registry's audit endpoint could not be
 * reached or did not answer (said so on stderr: a run is not made red by an outage it cannot fix;
 * this project's machines reach the registry through a mirror whose audit endpoint answers 405).
 * Exit 1: a high or critical advisory (each listed), or any other failure of the audit itself.
 * The GitHub workflow runs pnpm 11's audit directly, where any failure is red.
 * @module
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The audit command: pnpm 11 through npx (fetched from the registry once, then cached), JSON output. */
export const AUDIT_COMMAND = ['npx', '--yes', 'pnpm@11.28.11', 'audit', '--prod', '--json'];

/** Error codes meaning that no answer came from the registry: the endpoint's HTTP error, or the network's. */
const UNREACHABLE = new Set([
  'ERR_PNPM_AUDIT_BAD_RESPONSE',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ERR_SOCKET_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const isUnreachable = (code: string) => UNREACHABLE.has(code) || /^ERR_PNPM_(META_)?FETCH/.test(code);

/** What a run of {@link AUDIT_COMMAND} means. */
export interface AuditVerdict {
  verdict: 'clean' | 'vulnerable' | 'unreachable' | 'failed';
  /** One or more lines for the log. */
  summary: string;
  exitCode: 0 | 1;
}

interface Advisory {
  module_name?: string;
  severity?: string;
  title?: string;
  url?: string;
}

interface Report {
  advisories?: Record<string, Advisory>;
  metadata?: { vulnerabilities?: Partial<Record<'info' | 'low' | 'moderate' | 'high' | 'critical', number>> };
  error?: { code?: string; message?: string };
}

function parseJson(text: string): Report | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Report) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Classifies one run of {@link AUDIT_COMMAND} (pure: tests feed it outputs).
 * @param result the process's exit status (`null`: killed or not started), stdout and stderr
 * @returns `clean` (exit 0, with the counts per severity), `vulnerable` (exit 1, the high and
 *   critical advisories), `unreachable` (exit 0: the endpoint answered an HTTP error, the network
 *   failed, or pnpm 11 itself could not be fetched) or `failed` (exit 1: anything else)
 */
export function classifyAudit(result: { status: number | null; stdout: string; stderr: string }): AuditVerdict {
  const report = parseJson(result.stdout.trim());
  if (report?.error) {
    const code = report.error.code ?? '';
    const message = `${code}: ${report.error.message ?? ''}`.trim();
    if (isUnreachable(code))
      return { verdict: 'unreachable', exitCode: 0, summary: `audit skipped, the registry did not answer (${message})` };
    return { verdict: 'failed', exitCode: 1, summary: `audit failed: ${message}` };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (counts) {
    const serious = (counts.high ?? 0) + (counts.critical ?? 0);
    const tally = (['critical', 'high', 'moderate', 'low', 'info'] as const).map((s) => `${counts[s] ?? 0} ${s}`).join(', ');
    if (serious === 0) return { verdict: 'clean', exitCode: 0, summary: `audit: no high or critical advisory (${tally})` };
    const lines = Object.values(report.advisories ?? {})
      .filter((a) => a.severity === 'high' || a.severity === 'critical')
      .map((a) => `  ${a.severity}: ${a.module_name ?? '?'}: ${a.title ?? ''} ${a.url ?? ''}`.trimEnd());
    return {
      verdict: 'vulnerable',
      exitCode: 1,
      summary: [`audit: ${serious} high or critical advisories (${tally})`, ...lines].join('\n'),
    };
  }
  // No JSON from pnpm: npx could not run it. A network error fetching pnpm 11 is an outage too.
  const npmCode = /npm error code (\w+)/.exec(result.stderr)?.[1];
  if (result.status !== null && npmCode && isUnreachable(npmCode)) {
    return { verdict: 'unreachable', exitCode: 0, summary: `audit skipped, pnpm 11 could not be fetched (${npmCode})` };
  }
  const detail = (result.stderr.trim() || result.stdout.trim()).split('\n').slice(-3).join(' | ');
  return { verdict: 'failed', exitCode: 1, summary: `audit failed (exit ${String(result.status)}): ${detail || 'no output'}` };
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const [command, ...args] = AUDIT_COMMAND as [string, ...string[]];
  const run = spawnSync(command, args, { cwd: root, encoding: 'utf8', timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
  const verdict = classifyAudit({ status: run.status, stdout: run.stdout ?? '', stderr: run.stderr ?? '' });
  process.stderr.write(`${verdict.summary}\n`);
  process.exitCode = verdict.exitCode;
}
