/**
 * The Governor's proposal threshold comes from the configuration (CHAIN_GOVERNOR_PROPOSAL_THRESHOLD),
 * and 0 (anyone may propose) is for local chains only: the configuration refuses it for a home chain
 * not marked local, and the deployment refuses it on such a chain before sending anything. On a real
 * anvil whose chain id is not marked local, the deployed governor's proposalThreshold() is the
 * configured value.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { GatewayGovernor } from '@gw/contracts';
import { type Anvil, startAnvil } from '@gw/contracts/anvil';
import { AppError, type Config, ConfigError, createChains } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { ANVIL_DEV_KEY, DEFAULT_PROPOSAL_THRESHOLD, deployContracts, governanceSettings } from '@gw/core/chain';

const base = { NODE_ENV: 'test', DATABASE_URL: 'postgresql://127.0.0.1:5432/unused', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('the Governor proposal threshold', () => {
  let anvil: Anvil;
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 8453 });
  }, 30_000);
  afterAll(() => anvil?.stop());

  /** A configuration whose home chain is the anvil, marked not local (only 31337 is). */
  const configOf = (env: Record<string, string>): Config =>
    loadConfig({ ...base, CHAIN_RPC_URLS: `8453=${anvil.rpcUrl}`, CHAIN_HOME_ID: '8453', CHAIN_LOCAL_IDS: '31337', ...env });

  it('the configuration refuses 0 unless the home chain is local; unset, 0 on a local chain and non-zero elsewhere', () => {
    expect(() => configOf({ CHAIN_GOVERNOR_PROPOSAL_THRESHOLD: '0' })).toThrow(ConfigError);
    expect(() => configOf({ CHAIN_GOVERNOR_PROPOSAL_THRESHOLD: '0' })).toThrow(/CHAIN_GOVERNOR_PROPOSAL_THRESHOLD/);
    expect(loadConfig({ ...base, CHAIN_GOVERNOR_PROPOSAL_THRESHOLD: '0' }).CHAIN_GOVERNOR_PROPOSAL_THRESHOLD).toBe(0n); // home 31337, local
    expect(configOf({ CHAIN_GOVERNOR_PROPOSAL_THRESHOLD: '5000' }).CHAIN_GOVERNOR_PROPOSAL_THRESHOLD).toBe(5000n);
    expect(governanceSettings(true).proposalThreshold).toBe(0n);
    expect(governanceSettings(false).proposalThreshold).toBe(DEFAULT_PROPOSAL_THRESHOLD);
    expect(DEFAULT_PROPOSAL_THRESHOLD).toBeGreaterThan(0n);
    expect(() => governanceSettings(false, 0n)).toThrow(AppError);
  });

  it('deploying on a chain not marked local with threshold 0 is refused before any transaction', async () => {
    const config = { ...configOf({}), CHAIN_GOVERNOR_PROPOSAL_THRESHOLD: 0n };
    const ctx = { config, chains: createChains(config) };
    const deployer = privateKeyToAccount(ANVIL_DEV_KEY);
    const pub = createPublicClient({ transport: http(anvil.rpcUrl) });
    const sent = await pub.getTransactionCount({ address: deployer.address });
    await expect(
      deployContracts(ctx, ctx.chains.home!, { deployer, relayer: deployer.address, tokenName: 'Gateway Token', tokenSymbol: 'GTK' }),
    ).rejects.toThrow(/local chains only/);
    expect(await pub.getTransactionCount({ address: deployer.address })).toBe(sent);
  });

  it("the deployed governor's proposalThreshold() is the configured value", async () => {
    const threshold = 250_000n * 10n ** 18n;
    const config = configOf({ CHAIN_GOVERNOR_PROPOSAL_THRESHOLD: threshold.toString() });
    const ctx = { config, chains: createChains(config) };
    const deployer = privateKeyToAccount(ANVIL_DEV_KEY);
    const deployed = await deployContracts(ctx, ctx.chains.home!, {
      deployer,
      relayer: deployer.address,
      tokenName: 'Gateway Token',
      tokenSymbol: 'GTK',
    });
    const governor = deployed.find((d) => d.contract === 'governor')!;
    const pub = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(await pub.readContract({ address: governor.address, abi: GatewayGovernor.abi, functionName: 'proposalThreshold' })).toBe(
      threshold,
    );
  }, 120_000);
});
