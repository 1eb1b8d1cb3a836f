/**
 * `pnpm lint:openapi`: builds the OpenAPI document from the route table (`buildOpenApiDocument`,
 * the document `GET /api/openapi.json` serves), writes it to `test-results/openapi/openapi.json`
 * and lints it with Redocly CLI (`redocly.yaml`: the recommended ruleset) and Spectral
 * (`.spectral.yaml`: `spectral:oas`). Fails on any error of either linter; warnings are printed.
 * The remaining warnings, and why they stay, are listed in `redocly.yaml` and docs/operating.md.
 * `apps/api/test/openapi-lint.test.ts` runs the same function, so CI counts it as a test too.
 * No network: Redocly's telemetry and update notice are switched off below.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = (name: string) => join(ROOT, 'node_modules', '.bin', name);

export interface LintProblem {
  linter: 'redocly' | 'spectral';
  severity: 'error' | 'warning' | 'info' | 'hint';
  rule: string;
  message: string;
  where: string;
}

export interface LintReport {
  file: string;
  problems: LintProblem[];
  errors: number;
  warnings: number;
}

/** Runs a linter that exits non-zero when it finds errors; its JSON report is on stdout either way. */
async function jsonOf(cmd: string, args: string[]): Promise<unknown> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  let stdout: string;
  try {
    ({ stdout } = await run(cmd, args, { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }));
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    if (!e.stdout?.trim()) throw new Error(`${cmd} failed without a report: ${e.stderr || e.message}`, { cause: err });
    stdout = e.stdout;
  }
  return JSON.parse(stdout.slice(stdout.search(/[[{]/)));
}

async function redocly(file: string): Promise<LintProblem[]> {
  const report = (await jsonOf(BIN('redocly'), ['lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format=json'])) as {
    problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
  };
  return report.problems.map((p) => ({
    linter: 'redocly',
    severity: p.severity === 'error' ? 'error' : 'warning',
    rule: p.ruleId,
    message: p.message,
    where: p.location[0]?.pointer ?? '',
  }));
}

async function spectral(file: string): Promise<LintProblem[]> {
  const results = (await jsonOf(BIN('spectral'), [
    'lint',
    file,
    '--ruleset',
    join(ROOT, '.spectral.yaml'),
    '--format=json',
    '--quiet',
  ])) as {
    code: string;
    severity: 0 | 1 | 2 | 3;
    message: string;
    path: string[];
  }[];
  const severities = ['error', 'warning', 'info', 'hint'] as const;
  return results.map((r) => ({
    linter: 'spectral',
    severity: severities[r.severity],
    rule: r.code,
    message: r.message,
    where: `#/${r.path.join('/')}`,
  }));
}

/** Writes `document` to `test-results/openapi/<name>.json` and lints it with both linters. */
export async function lintOpenApi(document: unknown, name = 'openapi'): Promise<LintReport> {
  const dir = join(ROOT, 'test-results', 'openapi');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(document, null, 2));
  const problems = [...(await redocly(file)), ...(await spectral(file))];
  return {
    file,
    problems,
    errors: problems.filter((p) => p.severity === 'error').length,
    warnings: problems.filter((p) => p.severity === 'warning').length,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { buildOpenApiDocument } = await import('@gw/api');
  const report = await lintOpenApi(buildOpenApiDocument());
  for (const p of report.problems) console.log(`${p.linter} ${p.severity} ${p.rule}: ${p.message} (${p.where})`);
  console.log(`OpenAPI lint of ${report.file}: ${report.errors} errors, ${report.warnings} warnings (redocly + spectral)`);
  process.exit(report.errors === 0 ? 0 : 1);
}
