/**
 * The committed artifacts are the compilation of the sources on disk: their `sourceHash` (sources
 * read by solc + compiler version + settings) equals the one recomputed now. A failure means a
 * `.sol` file (or the OpenZeppelin version, or the settings) changed without `pnpm contracts:compile`.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { artifacts, SOLC_SETTINGS, SOLC_VERSION, sourceHash } from '../src/index.js';
import { PACKAGE_ROOT } from '../src/source-hash.js';

const artifactsDir = path.join(PACKAGE_ROOT, 'artifacts');
const files = readdirSync(artifactsDir).filter((f) => f.endsWith('.json'));

describe('committed artifacts', () => {
  it('exist for every contract of ours', () => {
    expect(files.sort()).toEqual(
      ['BridgeVault', 'GatewayGovernor', 'GatewayToken', 'PayoutBatcher', 'RelayBatcher', 'Staking', 'Timelock', 'WrappedToken'].map(
        (name) => `${name}.json`,
      ),
    );
  });

  it.each(files)('%s was compiled from the sources on disk (run `pnpm contracts:compile` if not)', (file) => {
    const artifact = JSON.parse(readFileSync(path.join(artifactsDir, file), 'utf8'));
    expect(artifact.sourceHash).toBe(sourceHash());
    expect(artifact.compiler.version.startsWith(`${SOLC_VERSION}+`)).toBe(true);
    expect(artifact.compiler.settings).toEqual(SOLC_SETTINGS);
    expect(artifact.bytecode).toMatch(/^0x[0-9a-f]+$/);
  });

  it('src/generated/artifacts.ts holds the same content as artifacts/*.json', () => {
    expect(Object.keys(artifacts).sort()).toEqual(files.map((f) => f.replace(/\.json$/, '')).sort());
    for (const [name, artifact] of Object.entries(artifacts)) {
      expect(JSON.parse(JSON.stringify(artifact))).toEqual(JSON.parse(readFileSync(path.join(artifactsDir, `${name}.json`), 'utf8')));
    }
  });
});
