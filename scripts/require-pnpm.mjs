// prepack guard of the publishable packages (@service-gateway/client, @service-gateway/webhook-receiver): only `pnpm pack` /
// `pnpm publish` apply publishConfig (exports, main, types → dist/). `npm pack` / `npm publish`
// would ship a package.json whose exports point at src/*.ts, which is not packed.
const agent = process.env.npm_config_user_agent ?? '';
if (!agent.startsWith('pnpm/')) {
  const name = process.env.npm_package_name ?? 'this package';
  process.stderr.write(`${name}: pack and publish with pnpm (pnpm pack, pnpm publish): only pnpm applies publishConfig\n`);
  process.exit(1);
}
