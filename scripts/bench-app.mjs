// The GitHub App under a stream of signed webhooks (the real Probot middleware on node:http),
// against the fake GitHub at zero latency, both in this process. The App's TypeScript sources and
// the fake are bundled on the fly with esbuild. Octokit throttling is off: with it GitHub's own
// pacing (one write a second) would be measured, not the App. Workloads, each with 16 in flight:
// - comments without a command (no API call: the cheap filter before the config is read);
// - `/mol status` (👀, the issue's comments, a reply, 🚀);
// - step completions of distributed molecules (`repository_dispatch`), each on its own molecule,
//   with the git-ref lease (the default, taken by git push: the fake serves the repository's git
//   through `git http-backend`, whose processes share the App's cores here, where GitHub's are
//   elsewhere) and with `lock: none`: read, edit, re-read, dispatch.
// Also the API calls per operation, from the fake's request log.
// Usage: node scripts/bench-app.mjs [--quick]   (or `npm run bench app`, which calls benchApp()).
// The harness (loadWorld, startApp, operationCalls, callsSince) is exported for issue 14's rows
// (bench/rows/api-calls.ts, bench/rows/app-contended.ts), so both tables count calls one way.
import { execFileSync } from 'node:child_process';
import { createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const SECRET = 'bench-secret';
const IN_FLIGHT = Number(process.env.MOL_BENCH_IN_FLIGHT ?? 16);

const WORLD = `
export { actorFor, APP_ID, INSTALLATION_ID, startFakeGitHub } from './test/helpers/fake-github/index.ts';
export { createMolecularApp } from './src/app/create-app.ts';
export { STEP_REPORT_EVENT } from './src/webhooks/step-report.ts';
`;

/** Each bundled source keeps its own `import.meta.url` (the fake finds its OpenAPI subset by it). */
const keepImportMeta = {
  name: 'keep-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replace(/(?<!\()import\.meta\.url/g, JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)));
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * The fake GitHub runs in a worker thread, so the App (this thread) is measured with the second
 * core serving the API, the way a real App and GitHub are two machines. The bench drives the
 * fake's state through a few messages.
 */
const FAKE_WORKER = `
import { parentPort } from 'node:worker_threads';
const world = await import(process.env.MOL_BENCH_WORLD);
let gh;
const ops = {
  async start() { gh = await world.startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main', appSlug: 'molecular' }); return gh.url; },
  serveGit: (remote) => { gh.serveGit(remote); },
  setFile: (path, text) => { gh.state.files.set(path, text); },
  setRole: (login, role) => { gh.state.collaborators.set(login, role); },
  addIssue: (title) => gh.state.addIssue({ title }).number,
  addComment: (issue, body, login) => gh.state.addComment(issue, body, world.actorFor(login)).id,
  moleculeOn: (issue) => /"id":"([^"]+)"/.exec([...gh.state.comments.values()].find((c) => c.issue_number === issue)?.body ?? '')?.[1],
  requestCount: () => gh.requests.length,
  gitCount: () => gh.gitRequests.length,
  // What the fake spent answering git since then: its git http-backend, not the App.
  gitServedSince: (n) => gh.gitRequests.slice(n).reduce((ms, r) => ms + (r.servedMs ?? 0), 0),
  // As test/e2e/app-harness.ts's workCalls names them: method, then the operation.
  operationsSince: (n) => gh.requests.slice(n).map((r) => r.method + ' ' + (r.graphqlOperation ? 'graphql ' + r.graphqlOperation : (r.operationId ?? r.path))),
  violations: () => gh.violations.slice(0, 3),
  close: () => gh.close(),
};
parentPort.on('message', async ({ id, op, args }) => {
  try { parentPort.postMessage({ id, value: await ops[op](...args) }); }
  catch (error) { parentPort.postMessage({ id, error: String(error?.stack ?? error) }); }
});
`;

async function startFake(dir, worldFile) {
  const file = join(dir, 'fake-worker.mjs');
  await writeFile(file, FAKE_WORKER);
  const worker = new Worker(file, {
    env: { ...process.env, MOL_BENCH_WORLD: pathToFileURL(worldFile).href },
  });
  const waiting = new Map();
  let nextId = 0;
  worker.on('message', ({ id, value, error }) => {
    const pending = waiting.get(id);
    waiting.delete(id);
    if (error) pending?.reject(new Error(error));
    else pending?.resolve(value);
  });
  const call = (op, ...args) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, op, args });
    });
  const url = await call('start');
  return {
    url,
    call,
    close: async () => {
      await call('close');
      await worker.terminate();
    },
  };
}

/**
 * Bundles `contents` (TypeScript, paths relative to the package root) with the App's sources and
 * the fake, keeping each file's own `import.meta`, and imports it. Default: the App and the fake.
 */
export async function loadWorld(dir, contents = WORLD) {
  const outfile = join(dir, `world-${randomUUID()}.mjs`);
  await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'bench-app-world.ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'error',
    plugins: [keepImportMeta],
  });
  return { world: await import(pathToFileURL(outfile).href), file: outfile };
}

export const REVIEW = `
formula = "review"
execution = "local"
[[steps]]
id = "draft"
title = "Draft"
description = "Write it."
[[steps]]
id = "publish"
title = "Publish"
needs = ["draft"]
description = "Put it out."
`;

export const SHIP = `
formula = "ship"
execution = "distributed"
[[steps]]
id = "build"
title = "Build"
description = "Build it."
[[steps]]
id = "test"
title = "Test"
needs = ["build"]
description = "Test it."
`;

export async function startApp({ world, file, dir }, config, appOptions = {}) {
  const { createNodeMiddleware, Probot, ProbotOctokit } = await import('probot');
  const { default: pino } = await import('pino');
  const gh = await startFake(dir, file);
  // GitHub serves the repository's git beside its API: the App's leases are pushes there. Not
  // served for a lease over the API, whose refs the fake then keeps in memory, as GitHub keeps
  // its work off the App's cores.
  const scratch = await mkdtemp(join(dir, 'app-'));
  if (appOptions.gitBaseUrl !== false) {
    const remote = join(scratch, 'remote.git');
    execFileSync('git', ['init', '-q', '--bare', remote]);
    await gh.call('serveGit', remote);
  }
  await gh.call('setFile', '.github/molecular.yml', config);
  await gh.call('setFile', '.github/formulas/review.formula.toml', REVIEW);
  await gh.call('setFile', '.github/formulas/ship.formula.toml', SHIP);
  await gh.call('setRole', 'alice', 'write');
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const probot = new Probot({
    appId: world.APP_ID,
    privateKey,
    secret: SECRET,
    baseUrl: gh.url,
    log: pino({ level: 'error' }),
    // The function form: Probot's own throttle options would otherwise replace ours.
    Octokit: ProbotOctokit.defaults((options) => ({
      ...options,
      retry: { enabled: false },
      throttle: { ...options.throttle, enabled: false },
    })),
    request: { fetch: rawContents(fetch) },
  });
  const middleware = await createNodeMiddleware(
    world.createMolecularApp({ patrolIntervalMs: 0, ...appOptions }),
    { probot },
  );
  const server = createServer((req, res) => {
    middleware(req, res, () => res.writeHead(404).end());
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/api/github/webhooks`;
  const repository = {
    id: 1,
    name: 'widgets',
    full_name: 'acme/widgets',
    owner: { login: 'acme' },
    default_branch: 'main',
  };
  const send = async (event, fields, sender = 'alice') => {
    const body = JSON.stringify({
      ...fields,
      repository,
      installation: { id: world.INSTALLATION_ID },
      sender: { login: sender, type: sender.endsWith('[bot]') ? 'Bot' : 'User' },
    });
    const t0 = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': event,
        'x-github-delivery': randomUUID(),
        'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
      },
      body,
    });
    await response.text();
    if (response.status >= 300) throw new Error(`${event} answered ${response.status}`);
    return performance.now() - t0;
  };
  const comment = async (issue, body, login = 'alice') => {
    const id = await gh.call('addComment', issue, body, login);
    return send('issue_comment', {
      action: 'created',
      issue: { number: issue, body: null },
      comment: { id, body, user: { login, type: 'User' } },
    });
  };
  const label = (issue, name) =>
    send('issues', { action: 'labeled', label: { name }, issue: { number: issue, body: null, labels: [] } });
  return {
    gh,
    send,
    comment,
    label,
    close: async () => {
      await new Promise((r) => server.close(r));
      server.closeAllConnections();
      await gh.close();
    },
  };
}

/** GitHub's raw media type on the contents API (Probot's `context.config` asks for it); the fake answers JSON. */
function rawContents(inner) {
  return async (input, init) => {
    const response = await inner(input, init);
    const accept = new Headers(init?.headers).get('accept') ?? '';
    const url = typeof input === 'string' ? input : (input.url ?? String(input));
    if (!accept.includes('.raw') || !url.includes('/contents/') || response.status !== 200) return response;
    const json = await response.json();
    return new Response(Buffer.from(json.content ?? '', 'base64'), {
      status: 200,
      headers: { 'content-type': 'application/vnd.github.raw; charset=utf-8' },
    });
  };
}

/** Runs the jobs with `inFlight` at a time; throughput and latency percentiles. */
async function stream(jobs, inFlight = IN_FLIGHT) {
  const latencies = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        latencies.push(await job());
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { perSecond: jobs.length / seconds, p50: pct(50), p99: pct(99) };
}

/**
 * Two passes over fresh jobs: one at a time (each webhook's own latency, the p99 goal) and
 * `IN_FLIGHT` at a time (throughput, and the latency queueing adds).
 */
const aloneCount = (n) => Math.max(20, Math.floor(n / 5));

async function measureStream(name, makeJobs, n, rows, more = '', git = undefined) {
  // With git served by the fake (`git`: its handle), each lone webhook's latency less the time the
  // fake's `git http-backend` took to answer it: the App's own part, as GitHub's git runs elsewhere.
  const own = [];
  const lone = makeJobs(aloneCount(n)).map((job) =>
    git === undefined
      ? job
      : async () => {
          const from = await git.call('gitCount');
          const ms = await job();
          own.push(ms - (await git.call('gitServedSince', from)));
          return ms;
        },
  );
  const alone = await stream(lone, 1);
  const loaded = await stream(makeJobs(n));
  const ownRows = [];
  if (own.length > 0) {
    own.sort((a, b) => a - b);
    const pct = (p) => own[Math.min(own.length - 1, Math.floor((p / 100) * own.length))];
    ownRows.push({
      name: `${name}: the App's own time p99, one at a time`,
      value: pct(99),
      unit: 'ms',
      goal: '≤ 50 ms',
      note: `p50 ${pct(50).toFixed(1)} ms: each latency less the time the fake's git http-backend took to answer its git requests`,
    });
  }
  rows.push(
    { name: `${name}: latency p50, one at a time`, value: alone.p50, unit: 'ms' },
    { name: `${name}: latency p99, one at a time`, value: alone.p99, unit: 'ms', goal: '≤ 50 ms' },
    ...ownRows,
    {
      name: `${name}: throughput, ${IN_FLIGHT} in flight`,
      value: loaded.perSecond,
      unit: 'webhooks/s',
      goal: '≥ 300/s',
      note: `${n.toLocaleString('en-US')} webhooks; p50 ${loaded.p50.toFixed(0)} ms, p99 ${loaded.p99.toFixed(0)} ms under that load${more}`,
    },
  );
}

/** The requests since `from` (`POST issues/create-comment`), without the App's token and identity look-ups. */
export async function callsSince(gh, from) {
  const ops = await gh.call('operationsSince', from);
  return ops.filter(
    (op) => !op.endsWith(' apps/create-installation-access-token') && !op.endsWith(' apps/get-authenticated'),
  );
}

export async function checkViolations(gh) {
  const violations = await gh.call('violations');
  if (violations.length > 0) throw new Error(`requests GitHub would refuse: ${JSON.stringify(violations)}`);
}

/** A step report as the step's job sends it (`repository_dispatch` from github-actions[bot]). */
export function stepReport(app, world, clientPayload) {
  return app.send(
    'repository_dispatch',
    { action: world.STEP_REPORT_EVENT, client_payload: clientPayload },
    'github-actions[bot]',
  );
}

/**
 * One of each operation on a warm App (its token, identity and config read by an earlier
 * delivery), as the operation ids the fake logged: a pour by label of the local `review`, a
 * `/mol done`, a `/mol status`, a pour of the distributed `ship` (it dispatches `build`), and
 * `build`'s completion report, which dispatches `test`. Returns the review issue too.
 */
export async function operationCalls(app, world) {
  const since = async (deliver) => {
    const mark = await app.gh.call('requestCount');
    await deliver();
    return callsSince(app.gh, mark);
  };
  const issue = await app.gh.call('addIssue', 'bench');
  // Warm: the installation token, the App's identity and the config (kept for a minute).
  await app.label(issue, 'bug');
  const pour = await since(() => app.label(issue, 'formula:review'));
  const done = await since(() => app.comment(issue, '/mol done draft'));
  const status = await since(() => app.comment(issue, '/mol status'));
  const shipIssue = await app.gh.call('addIssue', 'ship');
  const shipPour = await since(() => app.label(shipIssue, 'formula:ship'));
  const id = await app.gh.call('moleculeOn', shipIssue);
  if (!id) throw new Error(`no molecule on #${shipIssue}`);
  await stepReport(app, world, { molecule: id, step: 'build', event: 'start', runId: 1 });
  const completion = await since(() =>
    stepReport(app, world, {
      molecule: id,
      step: 'build',
      event: 'complete',
      runId: 1,
      branch: `molecular/${id}/build`,
    }),
  );
  await checkViolations(app.gh);
  return { issue, pour, done, status, shipPour, completion };
}

async function completions(loaded, config, n, rows, label, more = '', appOptions = {}) {
  const { world } = loaded;
  const app = await startApp(loaded, config, appOptions);
  try {
    const molecules = [];
    for (let i = 0; i < n + aloneCount(n); i++) {
      const issue = await app.gh.call('addIssue', `ship ${i}`);
      await app.label(issue, 'formula:ship');
      const id = await app.gh.call('moleculeOn', issue);
      if (!id) throw new Error(`no molecule on #${issue}`);
      await app.send(
        'repository_dispatch',
        {
          action: world.STEP_REPORT_EVENT,
          client_payload: { molecule: id, step: 'build', event: 'start', runId: i + 1 },
        },
        'github-actions[bot]',
      );
      molecules.push({ id, runId: i + 1 });
    }
    const before = await app.gh.call('requestCount');
    let next = 0;
    await measureStream(
      `step completion + next dispatch (${label})`,
      (count) =>
        molecules.splice(0, count).map(({ id, runId }) => () => {
          next += 1;
          return app.send(
            'repository_dispatch',
            {
              action: world.STEP_REPORT_EVENT,
              client_payload: {
                molecule: id,
                step: 'build',
                event: 'complete',
                runId,
                branch: `molecular/${id}/build`,
              },
            },
            'github-actions[bot]',
          );
        }),
      n,
      rows,
      more,
      appOptions.gitBaseUrl === false || config !== '' ? undefined : app.gh,
    );
    const calls = await callsSince(app.gh, before);
    rows.push({
      name: `API calls: step completion + next dispatch (${label})`,
      value: calls.length / next,
      unit: 'calls',
      goal: '≤ 4',
      note: [...new Set(calls)].join(', '),
    });
    await checkViolations(app.gh);
  } finally {
    await app.close();
  }
}

export async function benchApp({ quick = false } = {}) {
  await mkdir(join(ROOT, 'node_modules/.cache'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, 'node_modules/.cache', 'mol-bench-app-'));
  const rows = [];
  try {
    const loaded = { ...(await loadWorld(dir)), dir };
    const n = quick ? 200 : 2000;
    const app = await startApp(loaded, '');
    try {
      const calls = await operationCalls(app, loaded.world);
      const { issue, done, status } = calls;
      const pour = calls.pour.filter((op) => !op.endsWith(' repos/get-collaborator-permission-level'));
      rows.push({
        name: 'API calls: pour (label, default lock)',
        value: pour.length,
        unit: 'calls',
        goal: '≤ 5',
        note: `${pour.join(', ')}; plus the labeller's permission look-up (cached a minute)`,
      });
      rows.push({
        name: 'API calls: a slash command that changes state (`/mol done`, default lock)',
        value: done.length,
        unit: 'calls',
        goal: '≤ 3 + 1 cached permission look-up',
        note: done.join(', '),
      });
      rows.push({
        name: 'API calls: a slash command (`/mol status`)',
        value: status.length,
        unit: 'calls',
        goal: '≤ 3 + 1 cached permission look-up',
        note: status.join(', '),
      });

      // Warm the JIT and the caches first, then measure.
      await stream(Array.from({ length: 100 }, () => () => app.comment(issue, 'warming up')));
      await measureStream(
        'comments without a command',
        (count) => Array.from({ length: count }, () => () => app.comment(issue, 'thanks!')),
        n,
        rows,
      );
      // `/mol status` spread over issues that each hold a molecule, as a real repository's would be.
      const issues = [];
      for (let i = 0; i < (quick ? 20 : 100); i++) {
        const other = await app.gh.call('addIssue', `status ${i}`);
        await app.label(other, 'formula:review');
        issues.push(other);
      }
      let turn = 0;
      await measureStream(
        '`/mol status`',
        (count) =>
          Array.from(
            { length: count },
            () => () => app.comment(issues[turn++ % issues.length], '/mol status'),
          ),
        quick ? 100 : 600,
        rows,
      );
      await checkViolations(app.gh);
    } finally {
      await app.close();
    }
    const k = quick ? 50 : 300;
    await completions(
      loaded,
      '',
      k,
      rows,
      'git-ref lease',
      "; the lease is 2 git pushes (take, give back) and a look, HTTP requests from the App (no process) each served by the fake's `git http-backend` on these cores",
    );
    // MOLECULAR_GIT_URL=off: the same lease over the REST API (3 requests more a write, no process).
    await completions(
      loaded,
      '',
      k,
      rows,
      'git-ref lease over the API',
      '; MOLECULAR_GIT_URL=off: the lease as 3 REST requests (create-commit, create-ref, delete-ref) and a read-back',
      { gitBaseUrl: false },
    );
    await completions(loaded, 'lock: none\n', k, rows, 'lock: none');
    return { rows };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { rows } = await benchApp({ quick: process.argv.includes('--quick') });
  for (const r of rows) {
    const value = Number.isInteger(r.value) ? r.value : r.value.toFixed(r.value < 10 ? 2 : 1);
    console.log(
      `${r.name}: ${value} ${r.unit}${r.goal ? ` (goal ${r.goal})` : ''}${r.note ? ` — ${r.note}` : ''}`,
    );
  }
}
