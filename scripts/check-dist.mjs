// Fails when the committed dist/ differs from a fresh `npm run bundle`: every file the bundle
// writes must be committed byte for byte, and dist/ may hold nothing else except the generated
// (git-ignored) declaration files in dist/types. One line per problem; exit 1 on any.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle } from './bundle.mjs';

const dist = 'dist';
const ignored = new Set(['types']);

const fresh = await mkdtemp(join(tmpdir(), 'mol-dist-'));
try {
  await bundle(fresh);
  const built = await readdir(fresh);
  const committed = (await readdir(dist)).filter((name) => !ignored.has(name));
  const problems = [];
  for (const name of built) {
    const want = await readFile(join(fresh, name));
    const have = await readFile(join(dist, name)).catch(() => undefined);
    if (!have) problems.push(`${dist}/${name} is missing: run 'npm run bundle' and commit dist/`);
    else if (!want.equals(have))
      problems.push(`${dist}/${name} differs from a fresh build: run 'npm run bundle' and commit dist/`);
  }
  for (const name of committed) {
    if (!built.includes(name))
      problems.push(`${dist}/${name} is not written by the bundle any more: delete it`);
  }
  for (const line of problems) console.error(line);
  if (problems.length > 0) process.exitCode = 1;
  else console.log(`dist/ is up to date (${built.sort().join(', ')})`);
} finally {
  await rm(fresh, { recursive: true, force: true });
}
