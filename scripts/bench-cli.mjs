// The local runner through the real `mol` binary, built from the current source:
// - towers-of-hanoi-10 (1025 steps, a straight chain) with `run = "true"` on every step, local
//   execution: wall time, split per step (from the state's own timestamps) into start → completion
//   (the start write, spawning `sh`, the runner's git calls) and completion → next start (the
//   completion write: lock, validate, fsync, read back, then picking the next step);
// - a 50-step chain, distributed (a fresh worktree and branch per step) and local, on the same
//   commands: the difference per step is what a worktree costs. In a folder of the project, and
//   again in memory (tmpfs), where the disk adds nothing: the difference is the file system's.
// - `mol ls` and `mol ready` over a store of 1,000 molecules, each with a ready step, so every one
//   needs its proto: half `hello` with vars of their own (a cook each), half one repository formula.
// Usage: node scripts/bench-cli.mjs [--quick]   (or `npm run bench cli`, which calls benchCli()).
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { freshFolder } from './bench/fresh-folder.mjs';
import { buildCli } from './bundle.mjs';

const exec = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
const HANOI = join(
  ROOT,
  'test/fixtures/corpus/gastown/internal/formula/formulas/towers-of-hanoi-10.formula.toml',
);

/** `quick`: the chains alone (no hanoi), `runs` times each (default 3, 1 when quick). */
export async function benchCli({ quick = false, runs = quick ? 1 : 3 } = {}) {
  // Inside the project, so the CLI finds the built-in formulas by walking up from itself.
  const dir = await freshFolder('cli-');
  const roots = [dir];
  // Each repository in a fresh folder of its own: what one run removes (its worktrees, lock files)
  // does not slow the next, and everything goes when the section ends.
  const onDisk = async () => {
    const root = await freshFolder('repo-');
    roots.push(root);
    return root;
  };
  const bin = join(dir, 'mol.js');
  await buildCli(bin);
  try {
    const chained = await chains(bin, onDisk, runs);
    const hanoied = quick ? [] : await hanoi(bin, onDisk);
    return { rows: [...hanoied, ...chained, ...(await views(bin, onDisk, 3))] };
  } finally {
    for (const root of roots) await rm(root, { recursive: true, force: true });
  }
}

async function hanoi(bin, folder) {
  const toml = (await readFile(HANOI, 'utf8')).replace(/^\[\[steps\]\]$/gm, '[[steps]]\nrun = "true"');
  const repo = await tempRepo(folder);
  const file = join(repo, '..', 'hanoi.formula.toml');
  await writeFile(file, toml);
  const wall = await timeMol(bin, ['run', file, '--id', 'hanoi'], repo);
  const state = join(repo, '.molecular/mols');
  const mol = await readState(bin, repo, 'hanoi');
  const n = mol.steps.length;
  const { inside, between } = stepTimes(mol);
  return [
    {
      name: `mol run towers-of-hanoi-10 (${n} steps, run = "true", local)`,
      value: wall / 1000,
      unit: 's',
      note: 'one run',
    },
    { name: 'per step, all in', value: wall / n, unit: 'ms', note: 'wall time / steps' },
    {
      name: 'per step, start to completion',
      value: mean(inside),
      unit: 'ms',
      note: "mean: the start write, `sh -c true`, the runner's git calls (workspace, add, commit check, diff)",
    },
    {
      name: 'per step, completion to next start',
      value: mean(between),
      unit: 'ms',
      note: `mean: the completion write (lock, journal append, fdatasync) to a molecule of ${Math.round((await dirSize(state)) / 1024)} KB on disk, then picking the next step`,
    },
  ];
}

async function chains(bin, folder, runs) {
  const STEPS = 50;
  // The project folder, where a user's checkout is, and memory (tmpfs, where there is one): what
  // Molecular costs apart from the disk under it.
  const places = [{ label: '', folder }];
  const shm = existsSync('/dev/shm') ? await mkdtemp('/dev/shm/mol-bench-') : undefined;
  if (shm !== undefined) places.push({ label: ', in memory', folder: () => mkdtemp(join(shm, 'repo-')) });
  const runsOf = {};
  try {
    for (let r = 0; r < runs; r++) {
      for (const place of places) {
        for (const execution of ['distributed', 'local']) {
          const repo = await tempRepo(place.folder);
          const file = join(repo, '..', 'chain.formula.toml');
          await writeFile(file, chainFormula(STEPS, execution));
          const wall = await timeMol(bin, ['run', file, '--id', 'chain'], repo);
          const mol = await readState(bin, repo, 'chain');
          const key = `${execution}${place.label}`;
          runsOf[key] ??= { walls: [], inside: [] };
          runsOf[key].walls.push(wall);
          runsOf[key].inside.push(median(stepTimes(mol).inside));
        }
      }
    }
  } finally {
    if (shm !== undefined) await rm(shm, { recursive: true, force: true });
  }
  const rows = [];
  const perStep = {};
  for (const [key, { walls, inside }] of Object.entries(runsOf)) {
    perStep[key] = median(walls) / STEPS;
    rows.push({
      name: `mol run, ${STEPS}-step chain, ${key}`,
      value: median(walls) / 1000,
      unit: 's',
      note: `median of ${runs}${runs > 1 ? ` (${(Math.min(...walls) / 1000).toFixed(2)}–${(Math.max(...walls) / 1000).toFixed(2)} s)` : ''}`,
    });
    rows.push({
      name: `  per step (${key})`,
      value: perStep[key],
      unit: 'ms',
      note: `start to completion: ${median(inside).toFixed(0)} ms`,
    });
  }
  rows.push({
    name: 'worktree cost per distributed step',
    value: perStep.distributed - perStep.local,
    unit: 'ms',
    note: 'worktree add + branch + remove, over local execution of the same steps',
  });
  return rows;
}

async function views(bin, folder, runs) {
  const MOLECULES = 1000;
  const repo = await tempRepo(folder);
  const file = join(repo, '..', 'review.formula.toml');
  await writeFile(
    file,
    'formula = "review"\nexecution = "distributed"\n[[steps]]\nid = "draft"\ntype = "human"\n[[steps]]\nid = "build"\nneeds = ["draft"]\nrun = "true"\n',
  );
  await exec(process.execPath, [bin, 'pour', 'hello', '--id', 'seed-h'], { cwd: repo });
  await exec(process.execPath, [bin, 'pour', file, '--id', 'seed-r'], { cwd: repo });
  // Copies of the two poured snapshots, each under its own id: pouring 1,000 would time the pour.
  const mols = join(repo, '.molecular/mols');
  const seeds = [
    JSON.parse(await readFile(join(mols, 'seed-h.json'), 'utf8')),
    JSON.parse(await readFile(join(mols, 'seed-r.json'), 'utf8')),
  ];
  for (let i = 0; i < MOLECULES; i++) {
    const mol = { ...seeds[i % 2], id: `m${i}` };
    if (i % 2 === 0) mol.vars = { name: `n${i}` };
    await writeFile(join(mols, `m${i}.json`), JSON.stringify(mol));
  }
  for (const id of ['seed-h', 'seed-r']) await rm(join(mols, `${id}.json`));
  const time = async (args) => {
    const ms = [];
    for (let r = 0; r < runs; r++) ms.push(await timeMol(bin, args, repo));
    return median(ms);
  };
  const start = await time(['version']);
  const list = await time(['list']);
  const note = `median of ${runs}; every molecule has a ready step, so each needs its proto: half \`hello\` with vars of its own (a cook each), half one repository formula; \`mol version\` (starting node) ${start.toFixed(0)} ms, \`mol list\` (no protos) ${list.toFixed(0)} ms`;
  return [
    {
      name: `mol ls, ${MOLECULES.toLocaleString('en-US')} molecules`,
      value: await time(['ls']),
      unit: 'ms',
      note,
    },
    {
      name: `mol ready, ${MOLECULES.toLocaleString('en-US')} molecules`,
      value: await time(['ready']),
      unit: 'ms',
      note: `median of ${runs}; the same store`,
    },
  ];
}

function chainFormula(steps, execution) {
  const parts = [`formula = "chain"\nexecution = "${execution}"`];
  for (let i = 0; i < steps; i++) {
    const needs = i === 0 ? '' : `\nneeds = ["s${i - 1}"]`;
    parts.push(`[[steps]]\nid = "s${i}"${needs}\nrun = 'echo "$MOL_STEP" >> steps.txt'`);
  }
  return `${parts.join('\n')}\n`;
}

/** Per step: startedAt → completedAt (inside), and the previous step's completedAt → its startedAt (between). */
function stepTimes(mol) {
  const inside = [];
  const between = [];
  let previous;
  for (const step of mol.steps) {
    const started = Date.parse(step.startedAt);
    const completed = Date.parse(step.completedAt);
    inside.push(completed - started);
    if (previous !== undefined) between.push(started - previous);
    previous = completed;
  }
  return { inside, between };
}

/** The molecule as `mol status --json` shows it (the snapshot file alone misses the journal). */
async function readState(bin, cwd, id) {
  const { stdout } = await exec(process.execPath, [bin, 'status', id, '--json'], {
    cwd,
    maxBuffer: 64 * 2 ** 20,
  });
  return JSON.parse(stdout);
}

async function dirSize(dir) {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(join(dir, name))).size;
  return total;
}

async function timeMol(bin, args, cwd) {
  const t0 = performance.now();
  let said = '';
  const code = await new Promise((done, fail) => {
    // Its progress lines are read only when it fails: printing them would time the terminal.
    const child = spawn(process.execPath, [bin, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (chunk) => {
      said = (said + chunk).slice(-4000);
    });
    child.on('error', fail);
    child.on('close', done);
  });
  const ms = performance.now() - t0;
  if (code !== 0) throw new Error(`mol ${args.join(' ')} exited with ${code}:\n${said}`);
  return ms;
}

/** A repository with one commit, in a new folder from `folder()`. */
async function tempRepo(folder) {
  const root = await realpath(await folder());
  const repo = join(root, 'repo');
  await mkdir(repo);
  const git = (args) =>
    exec('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], { cwd: repo });
  await git(['init', '-q', '-b', 'main']);
  await git(['commit', '-q', '--allow-empty', '-m', 'start']);
  return repo;
}

function mean(values) {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows } = await benchCli({ quick: process.argv.includes('--quick') });
  for (const r of rows) {
    const value = Number.isInteger(r.value) ? r.value : r.value.toFixed(r.value < 10 ? 2 : 1);
    console.log(`${r.name}: ${value} ${r.unit}${r.note ? `  (${r.note})` : ''}`);
  }
}
