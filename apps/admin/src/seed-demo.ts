/**
 * `pnpm --silent admin seed:demo`: a realistic demo data set.
 *
 * - Global reference data, inserted once: tariffs, farming pools, clinical
 *   records of three demo patients, the native token.
 * - A demo organization with a fixed id ({@link DEMO_ORGANIZATION_ID}) and its sector data:
 *   shipments with checkpoints, certificates, carbon credits, and the patients' consents for it
 *   (one active, one never given, one revoked).
 * - An API key with every scope for the demo organization, issued only when it has no usable
 *   API key (the first run): keys are shown once, as everywhere else. Later runs omit `apiKey`;
 *   `apikey:create --org <organizationId> --scopes all` makes another.
 *
 * Idempotent: every row is looked up by its natural key (reference, title, name, issuer and
 * number, ...) before it is inserted, and each shipment is written with its checkpoints and
 * certificates in one transaction, so a second run inserts nothing and an interrupted run is
 * completed by the next. `inserted` says what this run added, `counts` what exists.
 *
 * The DAO treasury's 1,000,000 tokens, never money from nothing: on a local home chain the
 * deployer really transfers them to the custody address and the deposit is recorded `credited` to
 * `system:treasury` by this command (`fundSystemAccountByDeposit`; the (chain, tx hash, log index)
 * key keeps the poller from crediting it again), so the reserves hold. On a chain that is not
 * local the funding is skipped with a note. With no chain configured at all, the treasury is minted
 * in the ledger alone (there is no custody to back, nor reserves to check, without one).
 *
 * The DAO treasury on chain (the Timelock, which pays executed proposals): on a local home
 * chain the deployer sends it 1,000,000 tokens once (the faucet), when it holds none. Proposals are
 * the Governor's (`admin governance:propose`), not seeded rows.
 *
 * No staking positions are seeded: those are ledger movements (principal moved into the staking
 * pool account by a journal entry) and belong to the staking service.
 */
import { ensureOrganization, findOrganizationId, findUsableCredential, issueCredential } from '@gw/core/auth';
import { consentTypedData, countConsents, insertConsent, markConsentRevoked, revocationTypedData } from '@gw/core/consents';
import { countCarbonCredits, findCarbonCreditId, insertCarbonCredit } from '@gw/core/energy';
import { contractAddress, faucet, publicClientOf } from '@gw/core/chain';
import { countClinicalRecords, insertClinicalRecords } from '@gw/core/health-records';
import { ensureNativeToken, findJournalEntryIdByReference, ISSUANCE, transfer, TREASURY } from '@gw/core/ledger';
import { systemAccountFunded } from '@gw/core/custody';
import { fundSystemAccountByDeposit } from '@gw/core/local-chain';
import {
  countCertificates,
  countCheckpoints,
  countShipments,
  countTariffs,
  findCertificateId,
  findShipmentIdByReference,
  insertCertificate,
  insertCertificates,
  insertCheckpoints,
  insertMissingTariffs,
  insertShipment,
  type CheckpointStatus,
} from '@gw/core/logistics';
import { countFarmingPools, findFarmingPoolIdByName, insertFarmingPool } from '@gw/core/staking';
import { withTransaction, type PrismaClient } from '@gw/db';
import { type Config } from '@gw/runtime';
import { SCOPES } from '@gw/core/auth';
import { erc20Abi, keccak256, toBytes } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/** Fixed id of the demo organization, so every run (and every environment) seeds the same one. */
export const DEMO_ORGANIZATION_ID = '0193a5c0-0000-7000-8000-00000000de70';
export const DEMO_ORGANIZATION_NAME = 'Demo Freight & Care (seed:demo)';

/**
 * The demo patient wallets, derived from fixed public seeds: the same addresses on every run, and
 * a demo script can sign in as a patient (to record or revoke a consent). Demo data only; these
 * keys are public by construction and must never hold value.
 */
export function demoPatient(index: 1 | 2 | 3): PrivateKeyAccount {
  return privateKeyToAccount(keccak256(toBytes(`service-gateway seed:demo patient ${index}`)));
}

const DAY = 24 * 3600 * 1000;
const ONE_TOKEN = 10n ** 18n;

type Consent = 'active' | 'none' | 'revoked';

interface PatientSeed {
  index: 1 | 2 | 3;
  consent: Consent;
  records: { kind: string; summary: string; daysAgo: number }[];
}

const PATIENTS: PatientSeed[] = [
  {
    index: 1,
    consent: 'active',
    records: [
      { kind: 'visit_note', summary: 'Annual check-up; blood pressure 128/82 mmHg, no complaints', daysAgo: 200 },
      { kind: 'lab_result', summary: 'HbA1c 5.4 %, fasting glucose 92 mg/dL (normal range)', daysAgo: 198 },
      { kind: 'immunization', summary: 'Influenza vaccine, quadrivalent, 0.5 mL IM, left deltoid', daysAgo: 60 },
      { kind: 'prescription', summary: 'Amoxicillin 500 mg, three times daily for 7 days (acute sinusitis)', daysAgo: 12 },
    ],
  },
  {
    index: 2,
    consent: 'none',
    records: [
      { kind: 'diagnosis', summary: 'Type 2 diabetes mellitus without complications (ICD-10 E11.9)', daysAgo: 400 },
      { kind: 'prescription', summary: 'Metformin 500 mg, twice daily with meals', daysAgo: 399 },
      { kind: 'lab_result', summary: 'HbA1c 6.9 %, eGFR 84 mL/min/1.73 m²', daysAgo: 30 },
    ],
  },
  {
    index: 3,
    consent: 'revoked',
    records: [
      { kind: 'visit_note', summary: 'Sprained right ankle (grade I); RICE and follow-up in 2 weeks', daysAgo: 90 },
      { kind: 'immunization', summary: 'Tetanus, diphtheria (Td) booster', daysAgo: 89 },
    ],
  },
];

const TARIFFS = [
  { hsCode: '090111', origin: 'BR', destination: 'DE', dutyBps: 0, description: 'Coffee, not roasted, not decaffeinated' },
  { hsCode: '090121', origin: 'BR', destination: 'DE', dutyBps: 750, description: 'Coffee, roasted, not decaffeinated' },
  { hsCode: '0901', origin: 'CO', destination: 'US', dutyBps: 0, description: 'Coffee, whether or not roasted or decaffeinated' },
  { hsCode: '8471', origin: 'CN', destination: 'DE', dutyBps: 0, description: 'Automatic data-processing machines and units thereof' },
  {
    hsCode: '8471300000',
    origin: 'CN',
    destination: 'US',
    dutyBps: 0,
    description: 'Portable automatic data-processing machines, weighing not more than 10 kg',
  },
  { hsCode: '8517130000', origin: 'CN', destination: 'US', dutyBps: 0, description: 'Smartphones' },
  { hsCode: '080390', origin: 'EC', destination: 'NL', dutyBps: 1140, description: 'Bananas, fresh or dried (excluding plantains)' },
  {
    hsCode: '870899',
    origin: 'MX',
    destination: 'US',
    dutyBps: 0,
    description: 'Parts and accessories of motor vehicles, n.e.s. (USMCA originating)',
  },
  {
    hsCode: '8703',
    origin: 'DE',
    destination: 'US',
    dutyBps: 250,
    description: 'Motor cars and other motor vehicles for the transport of persons',
  },
  {
    hsCode: '8703',
    origin: 'JP',
    destination: 'US',
    dutyBps: 250,
    description: 'Motor cars and other motor vehicles for the transport of persons',
  },
  {
    hsCode: '220421',
    origin: 'FR',
    destination: 'JP',
    dutyBps: 0,
    description: 'Wine of fresh grapes, in containers of 2 l or less (EU–Japan EPA)',
  },
  {
    hsCode: '610910',
    origin: 'IN',
    destination: 'GB',
    dutyBps: 1200,
    description: 'T-shirts, singlets and other vests, knitted, of cotton',
  },
];

interface ShipmentSeed {
  reference: string;
  origin: string;
  destination: string;
  carrier: string;
  hsCode: string;
  checkpoints: { location: string; status: CheckpointStatus; note?: string; daysAgo: number }[];
  certificates: { kind: string; issuer: string; number: string; issuedDaysAgo: number; validDays?: number }[];
}

const SHIPMENTS: ShipmentSeed[] = [
  {
    reference: 'DEMO-SHP-1001',
    origin: 'BR',
    destination: 'DE',
    carrier: 'Maersk',
    hsCode: '090111',
    checkpoints: [
      { location: 'Santos, BR (port)', status: 'picked_up', daysAgo: 21 },
      { location: 'South Atlantic', status: 'in_transit', note: 'Vessel Maersk Santana, voyage 442N', daysAgo: 19 },
      { location: 'Hamburg, DE (port)', status: 'arrived', daysAgo: 3 },
      { location: 'Hamburg, DE (customs)', status: 'at_customs', note: 'Awaiting clearance', daysAgo: 2 },
    ],
    certificates: [
      { kind: 'origin', issuer: 'Câmara de Comércio de Santos', number: 'BR-CO-2026-118204', issuedDaysAgo: 23, validDays: 365 },
      { kind: 'phytosanitary', issuer: 'MAPA Brazil', number: 'PHY-BR-55120', issuedDaysAgo: 22, validDays: 90 },
    ],
  },
  {
    reference: 'DEMO-SHP-1002',
    origin: 'CN',
    destination: 'US',
    carrier: 'COSCO Shipping',
    hsCode: '8471300000',
    checkpoints: [
      { location: 'Shenzhen, CN (Yantian terminal)', status: 'picked_up', daysAgo: 30 },
      { location: 'North Pacific', status: 'in_transit', daysAgo: 28 },
      { location: 'Los Angeles, US (port)', status: 'arrived', daysAgo: 14 },
      { location: 'Los Angeles, US (CBP)', status: 'at_customs', daysAgo: 13 },
      { location: 'Los Angeles, US (CBP)', status: 'customs_cleared', daysAgo: 11 },
      { location: 'Phoenix, US', status: 'out_for_delivery', daysAgo: 9 },
      { location: 'Phoenix, US (consignee warehouse)', status: 'delivered', note: 'Signed by R. Alvarez', daysAgo: 8 },
    ],
    certificates: [{ kind: 'quality', issuer: 'SGS', number: 'SGS-QC-88412', issuedDaysAgo: 32, validDays: 730 }],
  },
  {
    reference: 'DEMO-SHP-1003',
    origin: 'EC',
    destination: 'NL',
    carrier: 'MSC',
    hsCode: '080390',
    checkpoints: [
      { location: 'Guayaquil, EC (port)', status: 'picked_up', note: 'Reefer container at 13.3 °C', daysAgo: 6 },
      { location: 'Panama Canal', status: 'in_transit', daysAgo: 4 },
    ],
    certificates: [
      { kind: 'organic', issuer: 'Control Union', number: 'CU-ORG-20611', issuedDaysAgo: 120, validDays: 365 },
      { kind: 'phytosanitary', issuer: 'Agrocalidad Ecuador', number: 'PHY-EC-90331', issuedDaysAgo: 7, validDays: 60 },
    ],
  },
  {
    reference: 'DEMO-SHP-1004',
    origin: 'MX',
    destination: 'US',
    carrier: 'DHL Freight',
    hsCode: '870899',
    checkpoints: [],
    certificates: [],
  },
  {
    reference: 'DEMO-SHP-1005',
    origin: 'FR',
    destination: 'JP',
    carrier: 'CMA CGM',
    hsCode: '220421',
    checkpoints: [
      { location: 'Le Havre, FR (port)', status: 'picked_up', daysAgo: 40 },
      { location: 'Suez Canal', status: 'in_transit', daysAgo: 33 },
      {
        location: 'Singapore, SG (transshipment)',
        status: 'exception',
        note: 'Temperature excursion logged in reefer; inspection requested',
        daysAgo: 20,
      },
    ],
    certificates: [{ kind: 'origin', issuer: 'CCI Bordeaux Gironde', number: 'FR-EUR1-774310', issuedDaysAgo: 400, validDays: 300 }],
  },
  {
    reference: 'DEMO-SHP-1006',
    origin: 'IN',
    destination: 'GB',
    carrier: 'Hapag-Lloyd',
    hsCode: '610910',
    checkpoints: [
      { location: 'Nhava Sheva, IN (port)', status: 'picked_up', daysAgo: 25 },
      { location: 'Arabian Sea', status: 'in_transit', daysAgo: 24 },
      { location: 'Felixstowe, GB (port)', status: 'arrived', daysAgo: 1 },
    ],
    certificates: [],
  },
];

/** Certificates of the organization not tied to a shipment. */
const ORG_CERTIFICATES = [{ kind: 'iso-9001', issuer: 'TÜV SÜD', number: 'TUV-9001-DE-31877', issuedDaysAgo: 500, validDays: 1095 }];

const CARBON_CREDITS = [
  { registry: 'Verra', projectName: 'Katingan Peatland Restoration', vintage: 2021, tonnes: 1200, retiredDaysAgo: null },
  { registry: 'Verra', projectName: 'Katingan Peatland Restoration', vintage: 2021, tonnes: 300, retiredDaysAgo: 30 },
  { registry: 'Gold Standard', projectName: 'Kenya Clean Cookstoves', vintage: 2022, tonnes: 800, retiredDaysAgo: null },
  { registry: 'Gold Standard', projectName: 'Kenya Clean Cookstoves', vintage: 2020, tonnes: 500, retiredDaysAgo: 200 },
  {
    registry: 'American Carbon Registry',
    projectName: 'Mississippi Valley Reforestation',
    vintage: 2023,
    tonnes: 2500,
    retiredDaysAgo: null,
  },
  { registry: 'Puro.earth', projectName: 'Biochar Carbon Removal, Finland', vintage: 2024, tonnes: 150, retiredDaysAgo: null },
  { registry: 'Verra', projectName: 'Rimba Raya Biodiversity Reserve', vintage: 2019, tonnes: 1000, retiredDaysAgo: 400 },
];

const poolsFor = (native: string) => [
  { name: `${native}/USDC`, tokenA: native, tokenB: 'USDC', aprBps: 1250, tvl: 1_250_000n * ONE_TOKEN },
  { name: `${native}/ETH`, tokenA: native, tokenB: 'ETH', aprBps: 1800, tvl: 640_000n * ONE_TOKEN },
  { name: `${native}/DAI`, tokenA: native, tokenB: 'DAI', aprBps: 900, tvl: 310_500n * ONE_TOKEN },
];

export interface SeedDemoSummary {
  organizationId: string;
  organizationName: string;
  /** API key with every scope; only on the run that issued it. */
  apiKey?: string;
  patients: { address: string; consent: Consent; records: number }[];
  /** Rows this run added. */
  inserted: Record<string, number>;
  /** Rows that exist now (demo organization's for tenant data, all for reference data). */
  counts: Record<string, number>;
  /** What this run chose not to do, and why (e.g. the treasury funding on a chain that is not local). */
  notes?: string[];
}

/**
 * Seeds the demo data set (see the module comment). Safe to run any number of times.
 * @returns a JSON-serialisable summary for the operator CLI
 */
/** Journal reference of the demo treasury funding, so a second run does not mint again. */
const TREASURY_SEED_REFERENCE = 'seed:demo:treasury';
const TREASURY_SEED_AMOUNT = 1_000_000n * 10n ** 18n;
/** What the DAO treasury on chain (the Timelock) gets once on a local chain, base units. */
const DAO_TREASURY_SEED_AMOUNT = 1_000_000n * 10n ** 18n;

export async function seedDemo(
  prisma: PrismaClient,
  config: Pick<Config, 'NATIVE_TOKEN_SYMBOL' | 'NATIVE_TOKEN_NAME'>,
  chain?: Parameters<typeof fundSystemAccountByDeposit>[0],
): Promise<SeedDemoSummary> {
  const notes: string[] = [];
  const now = Date.now();
  const at = (offsetMs: number) => new Date(now + offsetMs);
  const orgId = DEMO_ORGANIZATION_ID;
  const inserted: Record<string, number> = {
    organizations: 0,
    tariffs: 0,
    daoTreasuryFunding: 0,
    farmingPools: 0,
    clinicalRecords: 0,
    shipments: 0,
    checkpoints: 0,
    certificates: 0,
    carbonCredits: 0,
    consents: 0,
    treasuryFunding: 0,
  };

  // --- Global reference data --------------------------------------------------------------------
  await ensureNativeToken(prisma, config);

  inserted.tariffs = await insertMissingTariffs(prisma, TARIFFS);

  // The DAO treasury pays staking rewards: fund it once with 1,000,000 tokens (see the module comment).
  const home = chain?.chains.home;
  const funded =
    (await findJournalEntryIdByReference(prisma, TREASURY_SEED_REFERENCE)) || (await systemAccountFunded({ prisma }, TREASURY));
  if (funded) {
    // already done by an earlier run
  } else if (chain && home?.local) {
    await fundSystemAccountByDeposit(chain, TREASURY, TREASURY_SEED_AMOUNT);
    inserted.treasuryFunding = 1;
  } else if (home) {
    notes.push(
      `treasury funding skipped: ${home.caip2} is not a local chain; deposit tokens to the custody address for system:treasury instead`,
    );
  } else {
    await withTransaction(prisma, (tx) =>
      transfer(tx, {
        kind: 'mint',
        reference: TREASURY_SEED_REFERENCE,
        token: config.NATIVE_TOKEN_SYMBOL,
        from: ISSUANCE,
        to: TREASURY,
        amount: TREASURY_SEED_AMOUNT,
      }),
    );
    inserted.treasuryFunding = 1;
  }

  // The DAO treasury (the Timelock) pays executed proposals: on a local chain it gets tokens once.
  if (chain && home?.local) {
    const timelock = await contractAddress(chain, home.chainId, 'treasury');
    const token = await contractAddress(chain, home.chainId, 'token');
    const held = await publicClientOf(chain, home).readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [timelock],
    });
    if (held === 0n) {
      await faucet(chain, timelock, DAO_TREASURY_SEED_AMOUNT);
      inserted.daoTreasuryFunding = 1;
    }
  }

  for (const pool of poolsFor(config.NATIVE_TOKEN_SYMBOL)) {
    if (await findFarmingPoolIdByName(prisma, pool.name)) continue;
    await insertFarmingPool(prisma, pool);
    inserted.farmingPools! += 1;
  }

  for (const p of PATIENTS) {
    const patient = demoPatient(p.index).address;
    if ((await countClinicalRecords(prisma, [patient])) > 0) continue;
    inserted.clinicalRecords! += await insertClinicalRecords(
      prisma,
      p.records.map((r) => ({ patient, kind: r.kind, summary: r.summary, recordedAt: at(-r.daysAgo * DAY) })),
    );
  }

  // --- The demo organization and its key ----------------------------------------------------------
  const existingOrg = await findOrganizationId(prisma, orgId);
  if (!existingOrg) {
    await ensureOrganization(prisma, { id: orgId, name: DEMO_ORGANIZATION_NAME });
    inserted.organizations = 1;
  }
  const usableKey = await findUsableCredential(prisma, orgId, 'api_key', new Date());
  const apiKey = usableKey
    ? undefined
    : (await issueCredential(prisma, { organizationId: orgId, kind: 'api_key', scopes: [...SCOPES] })).secret;

  // --- Its sector data ------------------------------------------------------------------------------
  for (const s of SHIPMENTS) {
    if (await findShipmentIdByReference(prisma, orgId, s.reference)) continue;
    await withTransaction(prisma, async (tx) => {
      const last = s.checkpoints[s.checkpoints.length - 1];
      const shipment = await insertShipment(tx, {
        organizationId: orgId,
        reference: s.reference,
        origin: s.origin,
        destination: s.destination,
        carrier: s.carrier,
        hsCode: s.hsCode,
        status: last?.status ?? 'created',
      });
      if (s.checkpoints.length > 0) {
        await insertCheckpoints(
          tx,
          s.checkpoints.map((c) => ({
            organizationId: orgId,
            shipmentId: shipment.id,
            location: c.location,
            status: c.status,
            note: c.note ?? null,
            recordedAt: at(-c.daysAgo * DAY),
          })),
        );
      }
      if (s.certificates.length > 0) {
        await insertCertificates(
          tx,
          s.certificates.map((c) => ({
            organizationId: orgId,
            shipmentId: shipment.id,
            kind: c.kind,
            issuer: c.issuer,
            number: c.number,
            issuedAt: at(-c.issuedDaysAgo * DAY),
            expiresAt: c.validDays === undefined ? null : at((c.validDays - c.issuedDaysAgo) * DAY),
          })),
        );
      }
    });
    inserted.shipments! += 1;
    inserted.checkpoints! += s.checkpoints.length;
    inserted.certificates! += s.certificates.length;
  }

  for (const c of ORG_CERTIFICATES) {
    if (await findCertificateId(prisma, orgId, c.issuer, c.number)) continue;
    await insertCertificate(prisma, {
      organizationId: orgId,
      shipmentId: null,
      kind: c.kind,
      issuer: c.issuer,
      number: c.number,
      issuedAt: at(-c.issuedDaysAgo * DAY),
      expiresAt: at((c.validDays - c.issuedDaysAgo) * DAY),
    });
    inserted.certificates! += 1;
  }

  for (const c of CARBON_CREDITS) {
    const identity = { organizationId: orgId, registry: c.registry, projectName: c.projectName, vintage: c.vintage, tonnes: c.tonnes };
    if (await findCarbonCreditId(prisma, identity)) continue;
    await insertCarbonCredit(prisma, { ...identity, retiredAt: c.retiredDaysAgo === null ? null : at(-c.retiredDaysAgo * DAY) });
    inserted.carbonCredits! += 1;
  }

  const patients: SeedDemoSummary['patients'] = [];
  for (const p of PATIENTS) {
    const wallet = demoPatient(p.index);
    const patient = wallet.address;
    if (p.consent !== 'none' && (await countConsents(prisma, { organizationId: orgId, patient })) === 0) {
      // Consents are the patient's EIP-712 signed statements; the demo patients' keys are public.
      const issuedAt = Math.floor(now / 1000);
      const statement = {
        organization: orgId,
        purpose: 'Demo: care coordination by Demo Freight & Care',
        scopes: ['health:read'],
        issuedAt,
        expiresAt: issuedAt + 365 * 24 * 3600,
        nonce: `seed-demo-${p.index}`,
      };
      const signature = await wallet.signTypedData(consentTypedData(patient, statement));
      const row = await insertConsent(prisma, {
        patient,
        organizationId: orgId,
        scope: 'health:read',
        purpose: statement.purpose,
        scopes: statement.scopes,
        nonce: statement.nonce,
        issuedAt: new Date(issuedAt * 1000),
        expiresAt: new Date(statement.expiresAt * 1000),
        signature,
      });
      if (p.consent === 'revoked') {
        const revocation = { consentId: row.id, issuedAt, nonce: `seed-demo-revoke-${p.index}` };
        await markConsentRevoked(prisma, row.id, {
          at: new Date(now),
          nonce: revocation.nonce,
          signature: await wallet.signTypedData(revocationTypedData(patient, revocation)),
        });
      }
      inserted.consents! += 1;
    }
    patients.push({ address: patient, consent: p.consent, records: await countClinicalRecords(prisma, [patient]) });
  }

  const counts = {
    tariffs: await countTariffs(prisma),
    farmingPools: await countFarmingPools(prisma),
    clinicalRecords: await countClinicalRecords(
      prisma,
      patients.map((p) => p.address),
    ),
    shipments: await countShipments(prisma, orgId),
    checkpoints: await countCheckpoints(prisma, orgId),
    certificates: await countCertificates(prisma, orgId),
    carbonCredits: await countCarbonCredits(prisma, orgId),
    consents: await countConsents(prisma, { organizationId: orgId }),
  };

  return {
    organizationId: orgId,
    organizationName: DEMO_ORGANIZATION_NAME,
    ...(apiKey ? { apiKey } : {}),
    patients,
    inserted,
    counts,
    ...(notes.length ? { notes } : {}),
  };
}
