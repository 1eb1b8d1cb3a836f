/**
 * `pnpm docs:routes`: rewrites the endpoint index of README.md from the route table (the same rows
 * the API registers and documents), then formats the file with prettier.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { ROUTES, routeIndexMarkdown, withRouteIndex } from '@gw/api';

const file = new URL('../README.md', import.meta.url);
writeFileSync(file, withRouteIndex(readFileSync(file, 'utf8'), routeIndexMarkdown(ROUTES)));
execFileSync('pnpm', ['exec', 'prettier', '--write', 'README.md'], { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
