// Writes the library's declaration files to dist/types (git-ignored; `npm pack` runs this through
// `prepack`). The folder is emptied first: a source file that moved must not leave its old
// declaration behind in the tarball.
//
// The declarations must resolve for a user who installed only this package (zod and @octokit/rest
// are optional peers, left out of a CLI install), so after tsc:
// - zod's own declaration files (MIT, relative imports only) are copied to dist/types/vendor/zod and
//   every `from 'zod'` points there: the types built from the schemas stay exact;
// - the one use of Octokit's types, GitHubClient (what createCommentStore takes), is declared
//   structurally loose: any Octokit 7 client (@octokit/rest, Probot's, @actions/github's) fits it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const out = 'dist/types';
rmSync(out, { recursive: true, force: true });
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

const ours = files(out).filter((f) => f.endsWith('.d.ts'));
const zodHome = dirname(require.resolve('zod/package.json'));
const vendor = join(out, 'vendor/zod');
for (const file of files(zodHome).filter(
  (f) => f.endsWith('.d.ts') && !f.includes(`${join(zodHome, 'src')}`),
)) {
  const to = join(vendor, relative(zodHome, file));
  mkdirSync(dirname(to), { recursive: true });
  cpSync(file, to);
}
cpSync(join(zodHome, 'LICENSE'), join(vendor, 'LICENSE'));

const LOOSE_CLIENT = `/** Any Octokit 7 client: Probot's ProbotOctokit, @actions/github's getOctokit(), @octokit/rest's Octokit. */
export interface GitHubClient {
    request: (...args: any[]) => Promise<any>;
    graphql: (...args: any[]) => Promise<any>;
    paginate: (...args: any[]) => Promise<any>;
}`;

for (const file of ours) {
  let text = readFileSync(file, 'utf8');
  const zod = relative(dirname(file), join(vendor, 'index.js')).replaceAll('\\', '/');
  text = text.replace(/from ['"]zod['"]/g, `from '${zod.startsWith('.') ? zod : `./${zod}`}'`);
  if (text.includes("from '@octokit/rest'")) {
    text = text
      .replace(/^import type \{ Octokit \} from '@octokit\/rest';\n/m, '')
      .replace(/export interface GitHubClient \{[^}]*\}/, LOOSE_CLIENT);
  }
  if (/from ['"](zod|@octokit\/[\w-]+)['"]/.test(text)) {
    process.stderr.write(`build-types: ${file} still imports an optional peer\n`);
    process.exit(1);
  }
  writeFileSync(file, text);
}
