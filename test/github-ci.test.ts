/**
 * The GitHub workflows (issue #14, point 6): every action pinned to a commit, the fault and
 * attack suites and a dependency audit run, the image is published to GHCR on `v*` tags only by
 * the one job allowed to write packages, Node 24, and Dependabot keeps the pins current.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

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

describe('.github/workflows (issue #14, point 6)', () => {
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

  it('installs pgbouncer, then runs the pipeline tests through it (issue #15), even after a failed main suite', () => {
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
