/**
 * The GitHub workflows: every action pinned to a commit, the fault and
 * attack suites and a dependency audit run, the image is published to GHCR on `v*` tags only by
 * the one job allowed to write packages, Node 24, and Dependabot keeps the pins current.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { AUDIT_COMMAND, classifyAudit } from '../scripts/audit-prod.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  uses?: string;
  permissions?: Record<string, string> | string;
  steps?: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string> | string;
  jobs: Record<string, Job>;
}

const workflowFiles = readdirSync(path.join(root, '.github/workflows')).filter((f) => /\.ya?ml$/.test(f));
const workflows = workflowFiles.map((file) => ({
  file,
  text: read(`.github/workflows/${file}`),
  doc: parseYaml(read(`.github/workflows/${file}`)) as Workflow,
}));
const ci = workflows.find((w) => w.file === 'ci.yml')!;
const steps = (job: string): Step[] => ci.doc.jobs[job]?.steps ?? [];
const runs = (job: string) => steps(job).map((s) => s.run ?? '');

describe('.github/workflows', () => {
  it('pins every action and reusable workflow to a full commit SHA with its release in a comment', () => {
    expect(workflowFiles).toContain('ci.yml');
    const refs: string[] = [];
    for (const { file, doc } of workflows) {
      for (const [name, job] of Object.entries(doc.jobs)) {
        for (const ref of [job.uses, ...(job.steps ?? []).map((s) => s.uses)]) {
          if (ref === undefined || ref.startsWith('./')) continue; // local actions are this commit
          refs.push(ref);
          expect({ file, job: name, ref, pinned: /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(ref) }).toEqual({
            file,
            job: name,
            ref,
            pinned: true,
          });
        }
      }
    }
    expect(refs.length).toBeGreaterThanOrEqual(10);
    // `uses: owner/action@<sha> # vX.Y.Z` on every line: the comment is what Dependabot updates along.
    for (const { file, text } of workflows) {
      for (const line of text.split('\n').filter((l) => /^\s*(-\s+)?uses:\s+[^.]/.test(l))) {
        expect({ file, line, ok: /@[0-9a-f]{40} # v\d+\.\d+\.\d+$/.test(line.trim()) }).toEqual({ file, line, ok: true });
      }
    }
    // One release per action: the same action is never pinned to two different commits.
    const byAction = new Map<string, Set<string>>();
    for (const ref of refs) {
      const [action, sha] = ref.split('@') as [string, string];
      byAction.set(action, (byAction.get(action) ?? new Set()).add(sha));
    }
    for (const [action, shas] of byAction) expect({ action, commits: shas.size }).toEqual({ action, commits: 1 });
  });

  it('reads the repository only, at the top; write access to packages only in the publish job', () => {
    for (const { file, doc } of workflows) {
      expect({ file, permissions: doc.permissions }).toEqual({ file, permissions: { contents: 'read' } });
      for (const [name, job] of Object.entries(doc.jobs)) {
        if (name === 'publish') continue;
        const perms = typeof job.permissions === 'object' ? Object.values(job.permissions) : [job.permissions];
        expect({ file, job: name, write: perms.includes('write') || job.permissions === 'write-all' }).toEqual({
          file,
          job: name,
          write: false,
        });
      }
    }
  });

  it('runs the main tests, then the fault injection and attack suites, each its own step', () => {
    const commands = runs('test');
    const at = (cmd: RegExp) => commands.findIndex((c) => cmd.test(c));
    const main = at(/^pnpm test( |$)/);
    const faults = at(/^pnpm test:faults\b/);
    const security = at(/^pnpm test:security\b/);
    expect(main).toBeGreaterThanOrEqual(0);
    expect(faults).toBeGreaterThan(main);
    expect(security).toBeGreaterThan(faults);
    // After a failed main suite the others still run, so one red run shows every broken suite.
    for (const i of [faults, security]) expect(steps('test')[i]!.if).toMatch(/!cancelled\(\)|always\(\)/);
    expect(commands).toEqual(expect.arrayContaining(['.ci/install-chromium.sh', 'pnpm install --frozen-lockfile']));
  });

  it('installs pgbouncer, then runs the pipeline tests through it, even after a failed main suite', () => {
    const commands = runs('test');
    const install = commands.findIndex((c) => /\bapt-get install\b.*\bpgbouncer\b/.test(c));
    const main = commands.findIndex((c) => /^pnpm test( |$)/.test(c));
    const pooler = commands.findIndex((c) => /^pnpm test:pooler\b/.test(c));
    expect(install).toBeGreaterThanOrEqual(0);
    // redis-server too (fault suite, Redis Cluster and Sentinel tests), without starting its service.
    expect(commands[install]).toMatch(/\bapt-get install\b.*\bredis-server\b/);
    expect(commands[install]).toMatch(/policy-rc\.d/);
    expect(pooler).toBeGreaterThan(Math.max(install, main));
    expect(steps('test')[pooler]!.if).toMatch(/!cancelled\(\)|always\(\)/);
  });

  it('audits the production dependencies, failing on high and critical advisories', () => {
    const audit = Object.keys(ci.doc.jobs)
      .flatMap((job) => runs(job))
      .find((c) => /\bpnpm(@[\d.]+)? audit\b/.test(c));
    expect(audit).toBeDefined();
    expect(audit).toMatch(/ --prod\b/);
    expect(audit).toMatch(/ --audit-level[ =]high\b/);
    // pnpm 11: pnpm 10 calls the audit endpoints npm retired (HTTP 410); pnpm 11 the bulk one.
    expect(audit).toMatch(/\bpnpm@11\.\d+\.\d+ audit\b/);
    // On GitHub the registry answers: an audit that could not run is a failure there, not a skip.
    expect(audit).not.toMatch(/--ignore-registry-errors/);
    const step = ci.doc.jobs.audit!.steps!.find((s) => s.run === audit) as Step & { 'continue-on-error'?: unknown };
    expect(step['continue-on-error']).toBeUndefined();
    // The same pnpm as .ci/run's audit (scripts/audit-prod.ts).
    expect(audit).toContain(AUDIT_COMMAND.slice(2, 4).join(' '));
  });

  it('pins the service containers of the test job by digest, like docker-compose.yml', () => {
    const services = (ci.doc.jobs.test as Job & { services?: Record<string, { image: string }> }).services ?? {};
    expect(Object.keys(services).sort()).toEqual(['postgres', 'redis']);
    for (const [name, svc] of Object.entries(services))
      expect({ name, pinned: /^[a-z0-9./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/.test(svc.image) }).toEqual({ name, pinned: true });
  });

  it("the smoke run's .env sets every secret docker-compose.yml requires", () => {
    const required = new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z][A-Z0-9_]*):\?/g)].map((m) => m[1]!));
    expect(required.size).toBeGreaterThanOrEqual(7);
    const configure = steps('image').find((s) => s.name === 'Configure .env for the smoke run')!.run!;
    for (const key of required) expect({ key, set: new RegExp(`echo "${key}=`).test(configure) }).toEqual({ key, set: true });
  });

  it('uses Node 24 wherever it sets up Node', () => {
    const setups = workflows.flatMap(({ doc }) =>
      Object.values(doc.jobs).flatMap((job) => (job.steps ?? []).filter((s) => s.uses?.startsWith('actions/setup-node@'))),
    );
    expect(setups.length).toBeGreaterThanOrEqual(1);
    for (const s of setups) expect(String(s.with?.['node-version'])).toMatch(/^24(\.|$)/);
  });

  it('builds the image on every push and pull request, and publishes it to GHCR on v* tags only', () => {
    expect(ci.doc.on).toHaveProperty('pull_request');
    const push = ci.doc.on.push as { branches?: string[]; tags?: string[] };
    expect(push.tags).toEqual(['v*']);
    const image = ci.doc.jobs.image!;
    expect(image.if).toBeUndefined();
    expect(steps('image').some((s) => s.uses?.startsWith('docker/build-push-action@') && s.with?.push === false)).toBe(true);

    const publish = ci.doc.jobs.publish!;
    expect(publish.if).toMatch(/startsWith\(github\.ref, 'refs\/tags\/v'\)/);
    expect(publish.permissions).toEqual({ contents: 'read', packages: 'write' });
    expect(publish.needs).toEqual(expect.arrayContaining(['test', 'audit', 'image']));
    const uses = steps('publish').map((s) => s.uses ?? '');
    for (const action of ['docker/login-action@', 'docker/metadata-action@', 'docker/build-push-action@'])
      expect(uses.some((u) => u.startsWith(action))).toBe(true);
    const login = steps('publish').find((s) => s.uses?.startsWith('docker/login-action@'))!;
    expect(login.with).toMatchObject({ registry: 'ghcr.io', password: '${{ secrets.GITHUB_TOKEN }}' });
    const meta = steps('publish').find((s) => s.uses?.startsWith('docker/metadata-action@'))!;
    expect(meta.with?.images).toBe('ghcr.io/${{ github.repository }}');
    const push2 = steps('publish').find((s) => s.uses?.startsWith('docker/build-push-action@'))!;
    expect(push2.with).toMatchObject({ push: true, tags: '${{ steps.meta.outputs.tags }}' });
    // Nothing else pushes an image.
    for (const [name, job] of Object.entries(ci.doc.jobs)) {
      if (name === 'publish') continue;
      for (const s of job.steps ?? []) if (s.uses?.startsWith('docker/build-push-action@')) expect(s.with?.push).not.toBe(true);
    }
  });

  it('has Dependabot update the pinned actions and the npm dependencies', () => {
    const dependabot = parseYaml(read('.github/dependabot.yml')) as {
      version: number;
      updates: { 'package-ecosystem': string; directory: string }[];
    };
    expect(dependabot.version).toBe(2);
    const ecosystems = dependabot.updates.map((u) => `${u['package-ecosystem']} ${u.directory}`);
    expect(ecosystems).toEqual(expect.arrayContaining(['github-actions /', 'npm /']));
  });
});

describe('.ci/run: the dependency audit', () => {
  it('runs scripts/audit-prod.ts after the install, and a failed audit fails the run', () => {
    const script = read('.ci/run');
    const install = script.indexOf('pnpm install --frozen-lockfile || status=1');
    const audit = script.search(/^\s*node --import tsx scripts\/audit-prod\.ts \|\| status=1$/m);
    expect(install).toBeGreaterThan(0);
    expect(audit).toBeGreaterThan(install);
  });

  it('audits the production dependencies with pnpm 11 as JSON', () => {
    expect(AUDIT_COMMAND).toEqual(['npx', '--yes', expect.stringMatching(/^pnpm@11\.\d+\.\d+$/), 'audit', '--prod', '--json']);
  });

  // What pnpm 11.28.11 printed on this project's machine, whose registry mirror has no audit endpoint.
  const endpoint405 = JSON.stringify({
    error: {
      code: 'ERR_PNPM_AUDIT_BAD_RESPONSE',
      message: 'The audit endpoint (at https://registry.npmjs.org/-/npm/v1/security/advisories/bulk) responded with 405: ',
    },
  });
  const report = (counts: Partial<Record<'info' | 'low' | 'moderate' | 'high' | 'critical', number>>, advisories: object = {}) =>
    JSON.stringify({
      advisories,
      metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts }, dependencies: 250 },
    });

  it('an audit endpoint that does not answer is a skip (exit 0), said so', () => {
    const v = classifyAudit({ status: 1, stdout: endpoint405, stderr: '' });
    expect(v).toMatchObject({ verdict: 'unreachable', exitCode: 0 });
    expect(v.summary).toMatch(/responded with 405/);
    // The network itself failing, and pnpm 11 that could not even be fetched, are the same.
    const refused = JSON.stringify({ error: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:443' } });
    expect(classifyAudit({ status: 1, stdout: refused, stderr: '' })).toMatchObject({ verdict: 'unreachable', exitCode: 0 });
    const npx = 'npm error code ENOTFOUND\nnpm error syscall getaddrinfo\nnpm error errno ENOTFOUND\n';
    expect(classifyAudit({ status: 1, stdout: '', stderr: npx })).toMatchObject({ verdict: 'unreachable', exitCode: 0 });
  });

  it('a high or critical advisory fails (exit 1), naming it', () => {
    const advisories = {
      '1099999': {
        module_name: 'left-pad',
        severity: 'critical',
        title: 'Prototype pollution',
        url: 'https://github.com/advisories/GHSA-xxxx',
      },
      '1099998': { module_name: 'tiny', severity: 'low', title: 'Nothing much', url: 'https://github.com/advisories/GHSA-yyyy' },
    };
    const v = classifyAudit({ status: 1, stdout: report({ critical: 1, low: 1 }, advisories), stderr: '' });
    expect(v).toMatchObject({ verdict: 'vulnerable', exitCode: 1 });
    expect(v.summary).toMatch(/left-pad/);
    expect(v.summary).toMatch(/GHSA-xxxx/);
    expect(v.summary).not.toMatch(/tiny/);
    expect(classifyAudit({ status: 1, stdout: report({ high: 2 }), stderr: '' })).toMatchObject({ verdict: 'vulnerable', exitCode: 1 });
  });

  it('no advisory, or only below high, passes (exit 0) with the counts', () => {
    expect(classifyAudit({ status: 0, stdout: report({}), stderr: '' })).toMatchObject({ verdict: 'clean', exitCode: 0 });
    const v = classifyAudit({ status: 1, stdout: report({ moderate: 3, low: 1 }), stderr: '' });
    expect(v).toMatchObject({ verdict: 'clean', exitCode: 0 });
    expect(v.summary).toMatch(/3 moderate/);
  });

  it('any other failure of the audit itself fails (exit 1): it is not an outage to skip', () => {
    const noLockfile = JSON.stringify({ error: { code: 'ERR_PNPM_AUDIT_NO_LOCKFILE', message: 'No pnpm-lock.yaml found' } });
    expect(classifyAudit({ status: 1, stdout: noLockfile, stderr: '' })).toMatchObject({ verdict: 'failed', exitCode: 1 });
    expect(classifyAudit({ status: 1, stdout: 'garbage', stderr: 'npm error code E404\n' })).toMatchObject({
      verdict: 'failed',
      exitCode: 1,
    });
    expect(classifyAudit({ status: null, stdout: '', stderr: '' })).toMatchObject({ verdict: 'failed', exitCode: 1 });
  });
});
