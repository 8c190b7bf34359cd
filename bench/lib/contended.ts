/**
 * Issue 14's contended row: N `/mol done` of one molecule delivered at once over two App replicas
 * (each its own process, as in test/reliability/concurrency-github.test.ts), for a fork of N
 * started steps and a join (test/helpers/chaos/fan-world.ts's formula), against one in-process
 * fake GitHub at zero latency, default lock. Bundled at run time by scripts/bench-app.mjs's
 * loadWorld (bench/lib/app-harness.ts), which keeps each file's own `import.meta`.
 *
 * Every wait is on a condition re-checked at each request the fake serves (no fixed sleeps) and
 * bounded by `deadlineMs`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repliedTo } from '../../src/shell/github/reply-marker.js';
import { STEP_REPORT_EVENT } from '../../src/webhooks/step-report.js';
import type { AppInstance } from '../../test/helpers/chaos/app-instance.js';
import { startAppProcess } from '../../test/helpers/chaos/app-process.js';
import { fanFormula, lockRefs, moleculeOn, stateComments } from '../../test/helpers/chaos/fan-world.js';
import { actorFor, type FakeGitHub, startFakeGitHub } from '../../test/helpers/fake-github/index.js';
import { commentEvent, issueEvent, repoWebhook } from '../../test/helpers/fake-github/webhook-payloads.js';
import { bareRemote } from '../../test/helpers/simulated-runner.js';

export interface ContendedResult {
  /** From the first delivery sent until the state comment shows every step completed. */
  recordedMs: number;
  /** Requests of the whole burst (until every command was answered and no lock is left). */
  calls: string[];
  lost: number;
  duplicated: number;
  /** Deliveries answered neither 200 nor 202 (still processing), commands refused (😕) or never answered. */
  refused: number;
  joinDispatches: number;
  /** `POST git/create-ref` answered 422: a writer found the lease taken. */
  lockCollisions: number;
  /** Each request of the burst: ms since the first delivery, the call, its status (for the analysis). */
  timeline: Array<[number, string, number]>;
}

const callName = (r: FakeGitHub['requests'][number]) =>
  `${r.method} ${r.graphqlOperation ? `graphql ${r.graphqlOperation}` : (r.operationId ?? r.path)}`;

/** Resolves once `done()` holds, checked now and after each request the fake serves. */
function until(gh: FakeGitHub, condition: () => boolean, deadlineMs: number, what: string): Promise<void> {
  // A state comment caught mid-change must not throw out of a timer callback: not yet, then.
  const done = () => {
    try {
      return condition();
    } catch {
      return false;
    }
  };
  return new Promise((resolve, reject) => {
    if (done()) return resolve();
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${what}: not within ${deadlineMs} ms`));
    }, deadlineMs);
    const stop = gh.on('request', () => {
      // The listener runs before the answer leaves; look once the state change is in.
      setImmediate(() => {
        if (!done()) return;
        clearTimeout(timer);
        stop();
        resolve();
      });
    });
  });
}

export interface ContendedOptions {
  steps: number;
  /** Bounds every wait of the run. */
  deadlineMs: number;
  /**
   * The replicas' Octokit: `quiet` (retry and throttling off, as the reliability suite and
   * scripts/bench-app.mjs run the App: its own work) or `probot` (Probot's own, as `probot run`
   * deploys it: throttling spaces writes and GraphQL calls a second apart per process).
   */
  octokit: 'quiet' | 'probot';
  /** Delay of every answer during the burst (the setup runs at zero latency). */
  latencyMs?: number;
}

export async function runContended({
  steps,
  deadlineMs,
  octokit,
  latencyMs = 0,
}: ContendedOptions): Promise<ContendedResult> {
  const gh = await startFakeGitHub({
    owner: 'acme',
    repo: 'widgets',
    defaultBranch: 'main',
    appSlug: 'molecular',
  });
  // GitHub serves the repository's git beside its API: the replicas' leases are pushes there.
  const root = await mkdtemp(join(tmpdir(), 'mol-contended-'));
  gh.serveGit(await bareRemote(root));
  const apps: AppInstance[] = [];
  try {
    const formula = fanFormula(steps);
    gh.state.files.set('.github/formulas/fan.formula.toml', formula.text);
    gh.state.files.set('.github/workflows/molecular-step.yml', 'name: molecular step\n');
    gh.state.collaborators.set('alice', 'write');
    for (const name of ['app-a', 'app-b']) apps.push(await startAppProcess(gh, { name, octokit }));
    const [a, b] = apps as [AppInstance, AppInstance];
    // Probot answers 202 when a delivery takes over 9 s (throttled replicas): then its effect is awaited.
    const delivered = async (
      sent: Promise<{ status: number; body: string }>,
      effect: () => boolean,
      what: string,
    ) => {
      const r = await sent;
      if (r.status !== 200 && r.status !== 202) throw new Error(`${what}: ${r.status} ${r.body}`);
      await until(gh, effect, deadlineMs, what);
    };

    const issue = gh.state.addIssue({
      title: 'Fan out',
      user: actorFor('alice'),
      labels: ['formula:fan'],
    }).number;
    const poured = () => stateComments(gh, issue).length > 0;
    await delivered(
      a.send('issues', issueEvent(gh, 'alice', 'labeled', issue, 'formula:fan')),
      poured,
      'pour',
    );
    const mol = moleculeOn(gh, issue);
    const statusOf = (step: string) => moleculeOn(gh, issue).steps.find((x) => x.id === step)?.status;
    // Every part's job has started, as agent jobs of a fork would have.
    for (const [i, step] of formula.steps.entries()) {
      const report = { molecule: mol.id, step, event: 'start', runId: i + 1 };
      const payload = repoWebhook(gh, 'github-actions[bot]', {
        action: STEP_REPORT_EVENT,
        branch: 'main',
        client_payload: report,
      });
      const running = () => statusOf(step) === 'in_progress';
      await delivered((i % 2 ? b : a).send('repository_dispatch', payload), running, `start ${step}`);
    }
    // Warm both replicas (token, identity, config, alice's permission), as a running App would be.
    // Twice: under throttling a replica's queue can still hold the setup's calls for long enough
    // that the first replica's caches (a minute) run out while the second is warmed.
    for (const _round of [1, 2]) {
      for (const app of apps) {
        const id = gh.state.addComment(issue, '/mol status', actorFor('alice')).id;
        const answered = () => [...gh.state.comments.values()].some((c) => repliedTo(c.body) === id);
        await delivered(app.send('issue_comment', commentEvent(gh, id)), answered, `warm ${app.name}`);
      }
    }

    const comments = formula.steps.map(
      (step) => gh.state.addComment(issue, `/mol done ${step}`, actorFor('alice')).id,
    );
    const completed = () => {
      const now = moleculeOn(gh, issue);
      return formula.steps.every((s) => now.steps.find((x) => x.id === s)?.status === 'completed');
    };
    const mark = gh.requests.length;
    const t0 = performance.now();
    const timeline: ContendedResult['timeline'] = [];
    const stopTimeline = gh.on('request', (r) => {
      timeline.push([Math.round(performance.now() - t0), callName(r), r.status]);
    });
    gh.faults.latencyMs = latencyMs;
    const sent = comments.map((id, i) => (i % 2 ? b : a).send('issue_comment', commentEvent(gh, id)));
    let recordedMs = Number.NaN;
    await until(gh, completed, deadlineMs, 'all completions recorded').then(
      () => {
        recordedMs = performance.now() - t0;
      },
      () => undefined,
    );
    const answers = await Promise.all(sent);
    // The burst is over when every command has its 🚀 or 😕 (the handler's last word) and no lease is left.
    const reacted = (id: number) =>
      gh.state.reactions.some(
        (r) => r.comment_id === id && (r.content === 'rocket' || r.content === 'confused'),
      );
    // Past the deadline the burst is measured as it stands, its unanswered commands counted.
    await until(
      gh,
      () => comments.every(reacted) && lockRefs(gh).length === 0,
      deadlineMs,
      'the burst to end',
    ).catch(() => undefined);

    stopTimeline();
    const burst = gh.requests.slice(mark);
    const after = moleculeOn(gh, issue);
    const completes = after.history.filter(
      (h) => h.event === 'complete' && formula.steps.includes(h.step ?? ''),
    );
    if (gh.violations.length)
      throw new Error(`requests GitHub would refuse: ${JSON.stringify(gh.violations[0])}`);
    return {
      recordedMs,
      calls: burst.map(callName),
      lost: formula.steps.filter((s) => after.steps.find((x) => x.id === s)?.status !== 'completed').length,
      duplicated: completes.length - new Set(completes.map((h) => h.step)).size,
      refused:
        answers.filter((r) => r.status !== 200 && r.status !== 202).length +
        comments.filter((id) => !reacted(id)).length +
        gh.state.reactions.filter((r) => comments.includes(r.comment_id) && r.content === 'confused').length,
      joinDispatches: gh.state.workflowDispatches.filter(
        (d) => d.inputs.molecule === mol.id && d.inputs.step === 'join',
      ).length,
      lockCollisions: burst.filter((r) => r.operationId === 'git/create-ref' && r.status === 422).length,
      timeline,
    };
  } finally {
    for (const app of apps) await app.close();
    await gh.close();
  }
}

/** app-process.ts bundles the replica once per process (named by pid) and keeps it: gone once the row is done. */
export async function dropReplicaBundle(): Promise<void> {
  const bundle = join(
    import.meta.dirname,
    '../../node_modules/.cache/molecular-chaos',
    `app-process-${process.pid}.mjs`,
  );
  await rm(bundle, { force: true });
}
