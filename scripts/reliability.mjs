// `npm run reliability`: the reliability and security suite (issue 6) with the big numbers —
// fuzzers at 100,000 cases each, 100 randomized trials per scenario, a crash at every write —
// then RELIABILITY.md: the machine, the date, and per area what was tried, how many times and
// what held. `--short` (CI) runs the same tests small with fixed seeds and writes its report to a
// temp file instead, so CI never changes the committed one. Exits 1 when anything failed that is
// not a reported, still-open defect (those are listed as such).
//
// Usage: node scripts/reliability.mjs [--short] [--out FILE] [--fuzz-runs N] [--trials N]
//        [--property-runs N] [--no-property] [--seed N] [--files a,b] [--jobs N] [-- extra vitest args]
// Each test file runs in a vitest process of its own, --jobs (default 2) at a time.
// Tests write one JSON line per result to $RELIABILITY_REPORT (test/helpers/chaos/report.ts).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { readTrustMatrix, trustMatrixLines } from './trust-matrix.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const passthrough = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];

const short = flag('--short');
const fuzzRuns = Number(option('--fuzz-runs') ?? (short ? 1_000 : 100_000));
const trials = Number(option('--trials') ?? (short ? 1 : 100));
const propertyRuns = Number(option('--property-runs') ?? (short ? 0 : 10_000));
const withProperty = !flag('--no-property') && propertyRuns > 0;
const seed = option('--seed');

const AREAS = [
  ['concurrency', 'Concurrency: no lost update, no duplicate'],
  ['crash', 'Crash at every write'],
  ['local-crash', 'Local crash: mol killed at every write'],
  ['faults', 'Faults from GitHub'],
  ['fuzz', 'Fuzzing: never an uncaught exception, always a typed error'],
  ['security', 'Security'],
];
const PROPERTY_FILES = [
  'test/property/parse.property.test.ts',
  'test/property/dag.property.test.ts',
  'test/property/scheduler.property.test.ts',
];

/** Runs `command`; its output goes to `log`. Resolves with the exit code, or the signal that ended it. */
function run(command, argv, env, log) {
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn(command, argv, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code, signal) => out.end(() => resolve({ code: code ?? 1, signal })));
  });
}

/**
 * Vitest over one file with `env`; returns its JSON report (per-test outcomes). One process per
 * file, so a file whose vitest dies (killed, out of memory, a hang cut short) costs that file's
 * results only, and the report says so instead of missing the files after it.
 */
async function vitest(file, env, work) {
  const name = file.replace(/[^\w.-]+/g, '_');
  const json = join(work, `${name}.json`);
  const log = join(work, `${name}.log`);
  const started = Date.now();
  const { code, signal } = await run(
    'npx',
    [
      'vitest',
      'run',
      file,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
      ...passthrough,
    ],
    env,
    log,
  );
  const report = JSON.parse(await readFile(json, 'utf8').catch(() => '{"testResults":[]}'));
  const ms = Date.now() - started;
  const ended = signal ? `killed by ${signal}` : `exit ${code}`;
  process.stderr.write(`reliability: ${file} — ${ended}, ${duration(ms)}\n`);
  if (code !== 0 || signal) process.stderr.write(`${(await readFile(log, 'utf8')).slice(-6_000)}\n`);
  const reported = (report.testResults ?? []).length > 0;
  return { file, code: signal ? 1 : code, ms, died: reported ? undefined : ended, report };
}

/** The files under `paths` (files or folders) that vitest would run. */
async function testFiles(paths) {
  const files = [];
  for (const path of paths) {
    if (!(await stat(path)).isDirectory()) files.push(path);
    else
      for (const entry of (await readdir(path)).sort())
        if (entry.endsWith('.test.ts')) files.push(join(path, entry));
  }
  return files;
}

/** Each `[file, env]` through `vitest`, `jobs` at a time, in the order given. */
async function vitestAll(items, work, jobs) {
  const queue = [...items];
  const runs = [];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift())
      runs.push(await vitest(item[0], item[1], work));
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  return runs.sort((a, b) => a.file.localeCompare(b.file));
}

function outcomes(report) {
  const tests = [];
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      tests.push({
        file: file.name.replace(`${process.cwd()}/`, ''),
        title: t.fullName ?? t.title,
        status: t.status,
        ms: t.duration ?? 0,
      });
    }
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
      tests.push({
        file: file.name.replace(`${process.cwd()}/`, ''),
        title: file.message ?? 'failed to load',
        status: 'failed',
        ms: 0,
      });
    }
  }
  return tests;
}

const fmt = (n) => (typeof n === 'number' ? n.toLocaleString('en-US') : String(n));
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const duration = (ms) => (ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`);

function countsText(counts = {}) {
  return Object.entries(counts)
    .map(([k, v]) => `${k.replace(/([A-Z])/g, ' $1').toLowerCase()} ${fmt(v)}`)
    .join(', ');
}

function render({ results, tests, property, runs, defects, trustMatrix, startedAt, elapsedMs, failed }) {
  const cpu = cpus();
  const open = defects.filter((d) => !/^fixed/.test(d.status)).length;
  const lines = [
    '# Reliability',
    '',
    'What the reliability and security suite (issue 6) tried against Molecular, how many times, and',
    `what held. Written by \`npm run reliability\` (scripts/reliability.mjs${short ? ' --short' : ''}); the tests are`,
    'test/reliability/*.test.ts, each result one JSON line they write (test/helpers/chaos/report.ts).',
    '',
    `- **Date:** ${startedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC, ${duration(elapsedMs)}`,
    `- **Machine:** ${cpu[0]?.model ?? 'unknown CPU'} × ${cpu.length}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${type()} ${release()}, Node ${process.version}`,
    `- **Scale:** ${fmt(fuzzRuns)} fast-check cases per fuzzer, ${fmt(trials)} trial${trials === 1 ? '' : 's'} per randomized scenario (a tenth of that per fault profile)${trials >= 55 ? '; crash tests: every write' : ''}${withProperty ? `, engine property tests at ${fmt(propertyRuns)} runs each` : ''}; seeds ${seed ? `fixed (${seed})` : short ? 'fixed' : 'random (each row names its seed)'}`,
    `- **Verdict:** ${failed.length > 0 ? `${failed.length} failure(s): ${failed.slice(0, 5).join('; ')}` : open > 0 ? `everything held, apart from the ${open} open defect(s) listed below` : `everything held; all ${defects.length} defects the suite found are fixed`}`,
    '',
  ];
  for (const [area, title] of AREAS) {
    const rows = results.filter((r) => r.area === area);
    if (rows.length === 0) continue;
    lines.push(`## ${title}`, '', '| What | Tried | Runs | Held | Counts |', '|---|---|---:|---|---|');
    for (const r of rows) {
      const verdict = r.failures === 0 ? '✅' : r.knownDefect ? '⚠️ open defect:' : '❌';
      lines.push(
        `| ${cell(r.name)} | ${cell(r.tried)} | ${fmt(r.runs)} | ${verdict} ${cell(r.held)} | ${cell(countsText(r.counts))}${r.durationMs ? ` (${duration(r.durationMs)})` : ''} |`,
      );
    }
    const detailed = rows.filter((r) => r.details?.length);
    for (const r of detailed) {
      lines.push(
        '',
        `<details><summary>${cell(r.name)}: every failing case (${r.details.length})</summary>`,
        '',
      );
      for (const d of r.details) lines.push(`- ${d}`);
      lines.push('', '</details>');
    }
    lines.push('');
    if (area === 'security') lines.push(...trustMatrixLines(trustMatrix));
  }
  if (property) {
    lines.push(
      '## Engine property tests at scale',
      '',
      `The engine's own fast-check properties (${PROPERTY_FILES.join(', ')}) with FUZZ_RUNS=${fmt(propertyRuns)}: each property ran that many cases.`,
      '',
      '| Property | Result | Time |',
      '|---|---|---:|',
      ...property.map(
        (t) =>
          `| ${cell(t.title)} | ${t.status === 'passed' ? '✅' : '❌'} ${t.status} | ${duration(t.ms)} |`,
      ),
      '',
    );
  }
  lines.push(
    '## Defects these tests found',
    '',
    '| Defect | Where | What | Found by | Status |',
    '|---|---|---|---|---|',
    ...defects.map(
      (d) =>
        `| ${cell(d.id)} | ${cell(d.where)} | ${cell(d.what)} | ${cell(d.foundBy)} | **${cell(d.status)}**: ${cell(d.fix ?? '')} |`,
    ),
    '',
    '## Tests',
    '',
    `Each file ran in its own vitest process, ${jobs} at a time:`,
    '',
    '| File | Tests | Result | Time |',
    '|---|---:|---|---:|',
    ...runs.map((r) => {
      const mine = tests.filter((t) => t.file === r.file);
      const verdict = r.died ? `❌ vitest ${r.died}` : r.code === 0 ? '✅ passed' : '❌ failed';
      return `| ${r.file} | ${mine.length} | ${verdict} | ${duration(r.ms)} |`;
    }),
    '',
    `${tests.filter((t) => t.status === 'passed').length} passed, ${tests.filter((t) => t.status === 'failed').length} failed, ${tests.filter((t) => t.status === 'skipped' || t.status === 'pending').length} skipped; \`it.fails\` tests pass while their defect is open.`,
    '',
  );
  return `${lines.join('\n')}\n`;
}

const startedAt = new Date();
const work = await mkdtemp(join(tmpdir(), 'mol-reliability-'));
const reportFile = join(work, 'results.jsonl');
await writeFile(reportFile, '');
const env = {
  RELIABILITY_REPORT: reportFile,
  FUZZ_RUNS: String(fuzzRuns),
  RELIABILITY_TRIALS: String(trials),
  ...(short ? {} : { RELIABILITY_FULL: '1' }),
  ...(seed ? { RELIABILITY_SEED: seed } : short ? {} : { RELIABILITY_RANDOM_SEEDS: '1' }),
};
process.stderr.write(
  `reliability: ${short ? 'short' : 'full'} run — fuzz ${fuzzRuns}, trials ${trials}${withProperty ? `, property ${propertyRuns}` : ''}\n`,
);
const jobs = Math.max(1, Number(option('--jobs') ?? Math.min(2, cpus().length)));
const files = await testFiles(option('--files')?.split(',') ?? ['test/reliability']);
// The property tests share the queue (their own case count), so no core idles between phases.
const propertyEnv = { ...env, FUZZ_RUNS: String(propertyRuns) };
const all = await vitestAll(
  [...files.map((f) => [f, env]), ...(withProperty ? PROPERTY_FILES.map((f) => [f, propertyEnv]) : [])],
  work,
  jobs,
);
const main = all.filter((r) => !PROPERTY_FILES.includes(r.file));
const property = withProperty ? all.filter((r) => PROPERTY_FILES.includes(r.file)) : undefined;

const results = (await readFile(reportFile, 'utf8'))
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const tests = [
  ...main.flatMap((r) => outcomes(r.report)),
  ...(property ?? []).flatMap((r) => outcomes(r.report)),
];
const defects = JSON.parse(await readFile('test/reliability/defects.json', 'utf8'));
const failed = [
  ...tests.filter((t) => t.status === 'failed').map((t) => `${t.file}: ${t.title}`),
  ...results.filter((r) => r.failures > 0 && !r.knownDefect).map((r) => `${r.name}: ${r.held.slice(0, 120)}`),
];
const runs = [...main, ...(property ?? [])];
for (const r of runs) if (r.died) failed.push(`${r.file}: vitest ${r.died} before reporting a result`);
if (runs.some((r) => r.code !== 0) && failed.length === 0) failed.push('vitest exited non-zero');

const out = option('--out') ?? (short ? join(tmpdir(), 'RELIABILITY.short.md') : 'RELIABILITY.md');
const elapsedMs = Date.now() - startedAt.getTime();
await writeFile(
  out,
  render({
    results,
    tests,
    property: property ? property.flatMap((r) => outcomes(r.report)) : undefined,
    runs,
    defects,
    trustMatrix: await readTrustMatrix(),
    startedAt,
    elapsedMs,
    failed,
  }),
);
await rm(work, { recursive: true, force: true });

process.stderr.write(
  `\nreliability: ${results.length} results, ${tests.length} tests, ${duration(elapsedMs)}; report in ${out}\n`,
);
for (const r of results) {
  const mark = r.failures === 0 ? 'ok  ' : r.knownDefect ? 'OPEN' : 'FAIL';
  const counts = r.counts ? ` (${countsText(r.counts)})` : '';
  process.stderr.write(`  ${mark} ${r.area.padEnd(11)} ${r.name} — ${fmt(r.runs)} runs${counts}\n`);
}
if (failed.length > 0) {
  process.stderr.write(`\nreliability: FAILED\n${failed.map((f) => `  - ${f}`).join('\n')}\n`);
  process.exit(1);
}
