// `npm run bench`: runs every benchmark and writes BENCHMARKS.md with the machine and the date.
// Benchmarks measure; tests never time anything (timed tests flake on a shared machine).
// Usage: node scripts/bench.mjs [engine|cli|app|action ...]   (default: all)
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

async function loadTs(entry, exportName) {
  // Inside the project, so the bundle's external packages resolve from node_modules.
  await mkdir('node_modules/.cache', { recursive: true });
  const dir = await mkdtemp(join('node_modules/.cache', 'mol-bench-'));
  const outfile = join(dir, 'bench.mjs');
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    packages: 'external',
    logLevel: 'error',
  });
  const mod = await import(pathToFileURL(join(process.cwd(), outfile)).href);
  return { run: mod[exportName], cleanup: () => rm(dir, { recursive: true, force: true }) };
}

const suites = {
  scale: {
    title: 'Durable DAG at scale (issue 14, vs LangGraph JS)',
    file: 'bench/scale.mjs',
    exportName: 'benchScale',
  },
  engine: { title: 'Engine (in-process)', load: () => loadTs('scripts/bench/engine.ts', 'benchEngine') },
  cli: { title: 'Local runner and `mol` CLI', file: 'scripts/bench-cli.mjs', exportName: 'benchCli' },
  app: { title: 'GitHub App', file: 'scripts/bench-app.mjs', exportName: 'benchApp' },
  action: { title: 'GitHub Action', file: 'scripts/bench-action.mjs', exportName: 'benchAction' },
};

async function loader(suite) {
  if (suite.load) return suite.load();
  if (!existsSync(suite.file)) return undefined;
  const mod = await import(pathToFileURL(suite.file).href);
  return { run: mod[suite.exportName], cleanup: async () => {} };
}

function fmt(value) {
  if (typeof value !== 'number') return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(suites);
const sections = [];
for (const name of wanted) {
  const suite = suites[name];
  if (!suite) throw new Error(`unknown benchmark suite ${name}`);
  const loaded = await loader(suite);
  if (!loaded) {
    sections.push(`## ${suite.title}\n\n(not measured: ${suite.file} is missing)\n`);
    continue;
  }
  process.stderr.write(`bench: ${name}…\n`);
  try {
    const { rows, markdown } = await loaded.run();
    if (markdown) {
      sections.push(`## ${suite.title}\n\n${markdown}`);
      continue;
    }
    const lines = rows.map(
      (r) => `| ${r.name} | ${fmt(r.value)} ${r.unit} | ${r.goal ?? ''} | ${r.note ?? ''} |`,
    );
    sections.push(
      `## ${suite.title}\n\n| measure | median | goal | note |\n|---|---|---|---|\n${lines.join('\n')}\n`,
    );
  } finally {
    await loaded.cleanup();
  }
}

// A run of some suites keeps the other suites' sections from the last full run.
if (process.argv.slice(2).length && existsSync('BENCHMARKS.md')) {
  const old = (await readFile('BENCHMARKS.md', 'utf8')).split(/^(?=## )/m).slice(1);
  const titles = wanted.map((name) => suites[name].title);
  const kept = Object.entries(suites)
    .filter(([name]) => !wanted.includes(name))
    .flatMap(([, suite]) => old.filter((section) => section.startsWith(`## ${suite.title}\n`)));
  const fresh = sections.splice(0);
  for (const suite of Object.values(suites)) {
    const i = titles.indexOf(suite.title);
    if (i >= 0) sections.push(fresh[i]);
    else sections.push(...kept.filter((section) => section.startsWith(`## ${suite.title}\n`)));
  }
}

const cpu = cpus();
const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}/${process.arch}`;
const date = new Date().toISOString().slice(0, 10);
const doc = `# Benchmarks

Written by \`npm run bench\` (scripts/bench.mjs, bench/); do not edit by hand. Medians; the machine is
shared, so expect ±2× between runs. \`npm run bench -- scale\` re-measures one section and keeps the others.
The \`mol run\` chains run in a folder of the project, as a user's checkout is, and again in memory
(tmpfs): on ext4 without a journal, as on this machine, a file made costs more for every file freed
near it in the last minute or so, so the chains run where nothing was removed lately
(scripts/bench/fresh-folder.mjs).

- Machine: ${machine}
- Date: ${date}

${sections.map((section) => `${section.trimEnd()}\n`).join('\n')}`;
await writeFile('BENCHMARKS.md', doc);
process.stderr.write('bench: wrote BENCHMARKS.md\n');
