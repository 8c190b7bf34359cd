#!/usr/bin/env node
/**
 * Unit tests mirror the sources: `test/unit/<dir>/<name>.test.ts` tests `src/<dir>/<name>.ts` (or
 * the folder `src/<dir>/<name>/`), and `<name>.<topic>.test.ts` one side of it; a test of a script
 * is `test/unit/scripts/<name>.test.ts`. A newcomer finds a file's test without searching, and a
 * test left behind by a rename fails here. Tests of the whole (end to end, conformance, property,
 * reliability) live in their own folders and are not held to this.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const unit = join(root, 'test/unit');

function* testFiles(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* testFiles(path);
    else if (entry.endsWith('.test.ts')) yield path;
  }
}

const strays = [];
for (const file of testFiles(unit)) {
  const rel = relative(unit, file);
  const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
  const name = rel.slice(dir ? dir.length + 1 : 0).split('.')[0];
  const candidates = [
    join(root, 'src', dir, `${name}.ts`),
    join(root, 'src', dir, name),
    join(root, dir, `${name}.mjs`),
  ];
  if (!candidates.some((path) => existsSync(path))) strays.push(`test/unit/${rel}`);
}

if (strays.length > 0) {
  for (const stray of strays)
    console.error(
      `${stray}: names no source file (a test of src/x/y.ts is test/unit/x/y.test.ts or y.<topic>.test.ts)`,
    );
  process.exit(1);
}
