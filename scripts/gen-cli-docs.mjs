#!/usr/bin/env node
// Writes docs/cli.md, the reference of every `mol` verb, from the verbs' descriptors
// (src/cli/commands/*.ts, listed in src/cli/verbs.ts): the same source as `mol help` and completion.
//
//   npm run docs:cli
//
// A plain .mjs cannot import TypeScript, so the reference module is bundled on the fly with esbuild
// into a temporary file (the verbs bring the whole CLI, which needs a real module URL for `require`).
// test/unit/cli/reference.test.ts fails when the checked-in file differs from what this writes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FILE = resolve(root, 'docs/cli.md');

const ENTRY = `
export { cliReference } from './src/cli/reference.ts';
export { VERBS } from './src/cli/verbs.ts';
`;

const dir = mkdtempSync(join(tmpdir(), 'mol-cli-docs-'));
try {
  const bundle = join(dir, 'reference.mjs');
  await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: 'ts', sourcefile: 'cli-reference-entry.ts' },
    bundle: true,
    outfile: bundle,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  const { cliReference, VERBS } = await import(pathToFileURL(bundle).href);
  writeFileSync(FILE, cliReference(VERBS));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`wrote ${FILE}`);
