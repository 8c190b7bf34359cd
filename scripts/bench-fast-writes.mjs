// The write-path benchmarks, runnable on their own: node scripts/bench-fast-writes.mjs [codec]
// Prints a markdown table; writes nothing. (API calls per App operation: scripts/bench-app.mjs.)
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const suites = {
  codec: { entry: 'scripts/bench/fast-writes-codec.ts', exportName: 'benchFastWritesCodec' },
};

function fmt(value) {
  if (typeof value !== 'number') return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value < 10 ? value.toFixed(3) : value.toFixed(1);
}

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(suites);
await mkdir('node_modules/.cache', { recursive: true });
const dir = await mkdtemp(join('node_modules/.cache', 'mol-bench-fw-'));
try {
  for (const name of wanted) {
    const suite = suites[name];
    if (!suite) throw new Error(`unknown suite ${name}; known: ${Object.keys(suites).join(', ')}`);
    const outfile = join(dir, `${name}.mjs`);
    await build({
      entryPoints: [suite.entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      packages: 'external',
      logLevel: 'error',
    });
    const mod = await import(pathToFileURL(join(process.cwd(), outfile)).href);
    const { rows } = await mod[suite.exportName]();
    process.stdout.write(`\n## ${name}\n\n| measure | value | goal | note |\n|---|---|---|---|\n`);
    for (const r of rows)
      process.stdout.write(`| ${r.name} | ${fmt(r.value)} ${r.unit} | ${r.goal ?? ''} | ${r.note ?? ''} |\n`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
