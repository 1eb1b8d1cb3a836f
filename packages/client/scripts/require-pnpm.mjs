// prepack guard: only `pnpm pack` / `pnpm publish` apply publishConfig (exports → dist/).
// `npm pack` / `npm publish` would ship a package.json whose exports point at src/*.ts, which is not packed.
const agent = process.env.npm_config_user_agent ?? '';
if (!agent.startsWith('pnpm/')) {
  process.stderr.write('@gw/client: pack and publish with pnpm (pnpm pack, pnpm publish): only pnpm applies publishConfig\n');
  process.exit(1);
}
