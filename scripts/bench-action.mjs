// The GitHub Action as users run it, `node dist/index.js`:
// - the size of the committed bundle (dist/index.js);
// - cold start: from spawning `node dist/index.js` to its first API request (median of 10);
// - API calls of one step job of a distributed chain, and of its completion plus the dispatch of
//   the next step alone — with the git-ref lock (the Action's default) and with `lock: none`;
// - API calls of one patrol over 1,000 idle molecules, the GraphQL survey answered by the fake.
// The fake GitHub and the simulated runner come from test/helpers (bundled on the fly).
// Usage: node scripts/bench-action.mjs [--quick]   (or `npm run bench action`, which calls benchAction()).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist/index.js');
const TOKEN = 'ghs_bench_token';

/** The test helpers the bench drives, bundled; `import.meta` keeps meaning each source file's own place. */
const WORLD = `
export { actorFor, startFakeGitHub } from './test/helpers/fake-github/index.ts';
export { SimulatedRunner, buildActionBundle } from './test/helpers/simulated-runner.ts';
export { makeTempRepo } from './test/helpers/git.ts';
export { issueEvent, commentEvent } from './test/helpers/fake-github/webhook-payloads.ts';
import { cook } from './src/engine/cook/cook.ts';
import { pour } from './src/engine/molecule/ops/pour.ts';
import { parseFormula } from './src/engine/formula/parse-formula.ts';
import { encodeState } from './src/engine/codec/encode.ts';
import { sealBody, SEAL_RESERVE_BYTES } from './src/github/store/comment-seal.ts';
import { DEFAULT_STATE_BUDGET_BYTES } from './src/engine/codec/budget.ts';
import { blobSha } from './test/helpers/fake-github/index.ts';
import { actorFor as actor } from './test/helpers/fake-github/index.ts';

/** n open issues, each with the state comment of a molecule waiting for a person (nothing for patrol to do). */
export function seedIdleMolecules(gh, n, text, path) {
  gh.state.files.set(path, text);
  const parsed = parseFormula(text, path);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const cooked = cook(parsed.value, {});
  if (!cooked.ok) throw new Error(cooked.error.message);
  const bot = actor('github-actions[bot]');
  for (let i = 0; i < n; i++) {
    const issue = gh.state.addIssue({ title: 'idle ' + i, labels: ['molecule:active'] });
    const poured = pour(cooked.value.proto, {
      id: issue.number + '-idle' + i,
      now: new Date(),
      vars: {},
      formula: { name: 'idle', source: { path, blobSha: blobSha(text) } },
      subject: { repo: gh.state.owner + '/' + gh.state.repo, issue: issue.number },
      base: { ref: 'main' },
    });
    if (!poured.ok) throw new Error(poured.error.message);
    const encoded = encodeState(poured.value.mol, { proto: cooked.value.proto, budgetBytes: DEFAULT_STATE_BUDGET_BYTES - SEAL_RESERVE_BYTES });
    if (!encoded.ok) throw new Error(encoded.error.message);
    gh.state.addComment(issue.number, sealBody(encoded.value.body, new Date()), bot);
  }
}
`;

const keepImportMeta = {
  name: 'keep-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      // Not inside `createRequire(import.meta.url)`: that is the banner text the runner hands esbuild.
      const contents = source
        .replace(/(?<!\()import\.meta\.url/g, JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)));
      return { contents, loader: 'ts' };
    });
  },
};

/** The bundled test helpers (fake GitHub, simulated runner), for this file and bench/rows/api-budget.mjs. */
export async function loadWorld(dir) {
  const outfile = join(dir, 'world.mjs');
  await build({
    stdin: { contents: WORLD, resolveDir: ROOT, loader: 'ts', sourcefile: 'bench-action-world.ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'error',
    plugins: [keepImportMeta],
  });
  return import(pathToFileURL(outfile).href);
}

/** A call's name: the REST operation, or `graphql <operation name>`. */
export const callName = (r) => (r.graphqlOperation ? `graphql ${r.graphqlOperation}` : r.operationId);

/** `3× graphql MolecularComment, 1× …`, in the order each operation was first called. */
export function countKinds(calls) {
  const kinds = new Map();
  for (const r of calls) kinds.set(callName(r), (kinds.get(callName(r)) ?? 0) + 1);
  return [...kinds].map(([k, v]) => `${v}× ${k}`).join(', ');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Spawn to first request, against a server that answers every request 404. */
async function coldStart(bundle, runs) {
  let arrived;
  const server = createServer((_req, res) => {
    arrived?.(performance.now());
    arrived = undefined;
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}`;
  const times = [];
  try {
    for (let i = 0; i < runs; i++) {
      const first = new Promise((r) => {
        arrived = r;
      });
      const t0 = performance.now();
      const child = spawn(process.execPath, [bundle], {
        env: {
          PATH: process.env.PATH,
          GITHUB_API_URL: url,
          GITHUB_REPOSITORY: 'acme/widgets',
          GITHUB_RUN_ID: String(1000 + i),
          'INPUT_GITHUB-TOKEN': TOKEN,
          INPUT_MODE: 'patrol',
        },
        stdio: 'ignore',
      });
      const exited = new Promise((r) => child.on('close', r));
      times.push((await first) - t0);
      child.kill();
      await exited;
    }
  } finally {
    server.close();
  }
  return median(times);
}

const CHAIN = `formula = "pair"
execution = "distributed"

[[steps]]
id = "first"
run = "echo one > one.txt"

[[steps]]
id = "second"
needs = ["first"]
run = "test -f one.txt"
`;

const IDLE = `formula = "idle"

[[steps]]
id = "review"
type = "human"
title = "A person reviews"
`;

/** API calls of the first step job of a two-step chain: all of them, and from its completion on. */
async function stepCalls(world, bundle, lock) {
  const gh = await world.startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
  const git = await world.makeTempRepo();
  try {
    gh.tokens.set(TOKEN, world.actorFor('github-actions[bot]'));
    gh.state.collaborators.set('alice', 'write');
    const publish = async (path, text) => {
      gh.state.files.set(path, text);
      await git.write(path, text);
    };
    await publish('.github/formulas/pair.formula.toml', CHAIN);
    if (lock === 'none') await publish('.github/molecular.yml', 'lock: none\n');
    await git.commitAll('formula');
    await git.git(['push', '-q', 'origin', 'main']);
    const issue = gh.state.addIssue({ title: 'bench', user: world.actorFor('alice') }).number;
    const runner = new world.SimulatedRunner({
      gh,
      bundle,
      remote: git.remote,
      root: git.root,
      token: TOKEN,
    });
    const label = await runner.run({
      eventName: 'issues',
      // As GitHub sends it: the runner refuses a payload GitHub's schema refuses.
      payload: world.issueEvent(gh, 'alice', 'labeled', issue, 'formula:pair'),
      inputs: { mode: 'event' },
    });
    if (label.exitCode !== 0) throw new Error(`the pour failed: ${label.stdout}`);
    const [dispatch] = gh.state.workflowDispatches;
    const before = gh.requests.length;
    const job = await runner.run({
      eventName: 'workflow_dispatch',
      payload: { inputs: dispatch.inputs },
      inputs: { mode: 'step', molecule: dispatch.inputs.molecule, step: dispatch.inputs.step },
    });
    if (job.exitCode !== 0) throw new Error(`the step job failed: ${job.stdout}`);
    const calls = gh.requests.slice(before);
    // The start is the first state write: everything after its confirming re-read is the completion.
    const patches = calls.flatMap((r, i) => (r.operationId === 'issues/update-comment' ? [i] : []));
    const startRead = patches[0] + 1;
    const startEnd =
      lock === 'ref' ? calls.findIndex((r, i) => i > patches[0] && r.method === 'DELETE') : startRead;
    const completion = calls.slice(startEnd + 1);
    if (gh.violations.length > 0) throw new Error(JSON.stringify(gh.violations));
    return {
      total: calls.length,
      completion: completion.length,
      breakdown: completion.map(callName).join(', '),
      kinds: countKinds(calls),
    };
  } finally {
    await gh.close();
    await git.cleanup();
  }
}

async function patrolCalls(world, bundle, n) {
  const gh = await world.startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
  const git = await world.makeTempRepo();
  try {
    gh.tokens.set(TOKEN, world.actorFor('github-actions[bot]'));
    world.seedIdleMolecules(gh, n, IDLE, '.github/formulas/idle.formula.toml');
    const runner = new world.SimulatedRunner({
      gh,
      bundle,
      remote: git.remote,
      root: git.root,
      token: TOKEN,
    });
    const before = gh.requests.length;
    const t0 = performance.now();
    const job = await runner.run({
      eventName: 'schedule',
      payload: {},
      inputs: { mode: 'patrol' },
      noCheckout: true,
    });
    const ms = performance.now() - t0;
    if (job.exitCode !== 0) throw new Error(`the patrol failed: ${job.stdout}`);
    if (!job.stdout.includes(`Nothing was stuck in ${n} active molecules`)) {
      throw new Error(`the patrol did not survey ${n} idle molecules: ${job.stdout.slice(-500)}`);
    }
    const calls = gh.requests.slice(before);
    if (gh.violations.length > 0) throw new Error(JSON.stringify(gh.violations));
    return { calls: calls.length, ms, kinds: countKinds(calls) };
  } finally {
    await gh.close();
    await git.cleanup();
  }
}

export async function benchAction({ quick = false } = {}) {
  await mkdir(join(ROOT, 'node_modules/.cache'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, 'node_modules/.cache', 'mol-bench-action-'));
  try {
    const world = await loadWorld(dir);
    // The committed bundle is what users run; without one (a fresh checkout before `npm run bundle`) build it.
    let bundle = DIST;
    if (!existsSync(bundle)) {
      const { bundle: buildAll } = await import(pathToFileURL(join(ROOT, 'scripts/bundle.mjs')).href);
      await buildAll(join(dir, 'dist'));
      bundle = join(dir, 'dist/index.js');
    }
    const rows = [];
    const size = (await stat(bundle)).size;
    rows.push({ name: 'bundle size (dist/index.js)', value: size / 1e6, unit: 'MB', goal: '≤ 1.5 MB' });
    rows.push({
      name: 'cold start: `node dist/index.js` to its first API request',
      value: await coldStart(bundle, quick ? 3 : 11),
      unit: 'ms',
      goal: '≤ 150 ms',
      note: `median of ${quick ? 3 : 11}`,
    });
    for (const lock of ['ref', 'none']) {
      const calls = await stepCalls(world, bundle, lock);
      rows.push({
        name: `API calls: completion + next dispatch (lock: ${lock})`,
        value: calls.completion,
        unit: 'calls',
        goal: '≤ 4',
        note: calls.breakdown,
      });
      rows.push({
        name: `API calls: whole step job (lock: ${lock})`,
        value: calls.total,
        unit: 'calls',
        note: calls.kinds,
      });
    }
    const n = quick ? 250 : 1000;
    const patrol = await patrolCalls(world, bundle, n);
    rows.push({
      name: `API calls: one patrol of ${n.toLocaleString('en-US')} idle molecules`,
      value: patrol.calls,
      unit: 'calls',
      goal: '≤ 12',
      note: patrol.kinds,
    });
    rows.push({
      name: `patrol of ${n.toLocaleString('en-US')} idle molecules, wall time`,
      value: patrol.ms,
      unit: 'ms',
    });
    return { rows };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { rows } = await benchAction({ quick: process.argv.includes('--quick') });
  for (const r of rows) {
    const value = Number.isInteger(r.value) ? r.value : r.value.toFixed(r.value < 10 ? 2 : 1);
    console.log(
      `${r.name}: ${value} ${r.unit}${r.goal ? ` (goal ${r.goal})` : ''}${r.note ? ` — ${r.note}` : ''}`,
    );
  }
}
