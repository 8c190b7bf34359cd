/**
 * The 5-step fork-join of issue 6 driven through the App: a replica process behind a chaos proxy
 * receives the label, then each step job's start and completion reports (`repository_dispatch`),
 * for every step the App dispatched, in dispatch order. The driver plays the step jobs (it does
 * not run commands; it reports). A crash at write k kills the replica right after that write; a
 * fresh replica is started and the interrupted delivery is redelivered with the same
 * `X-GitHub-Delivery`, as GitHub's "Redeliver" does. Scheduled patrol (the Action's patrol job)
 * finishes what the redeliveries cannot.
 */

import { createHash } from 'node:crypto';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeState } from '../../../src/engine/codec/decode.js';
import type { Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import { STEP_REPORT_EVENT } from '../../../src/webhooks/step-report.js';
import { actorFor, startFakeGitHub } from '../fake-github/index.js';
import { issueEvent } from '../fake-github/webhook-payloads.js';
import { bareRemote, SimulatedRunner } from '../simulated-runner.js';
import { repoPayload } from './app-instance.js';
import { type AppProcess, startAppProcess } from './app-process.js';
import { type ProxiedRequest, startChaosProxy } from './chaos-proxy.js';

const TOKEN = 'ghs_app_relay_token';
const FORMULA = `formula = "relay"
execution = "distributed"

[[steps]]
id = "plan"
gate = { type = "files", paths = ["plan.md"] }

[[steps]]
id = "left"
needs = ["plan"]

[[steps]]
id = "right"
needs = ["plan"]

[[steps]]
id = "join"
needs = ["left", "right"]
gate = { type = "files", paths = ["joined.txt"] }

[[steps]]
id = "ship"
needs = ["join"]
gate = { type = "files", paths = ["ship.log"] }
`;

export interface AppRelayOutcome {
  mol?: Molecule;
  writes: ProxiedRequest[];
  stateComments: number;
  checkRuns: Record<string, number>;
  /** Dispatches of a step whose completion was already on record when it was dispatched. */
  lateDispatches: string[];
  /** Deliveries that had to be sent again because the replica died handling them. */
  redeliveries: number;
  patrolRounds: number;
}

export async function runAppRelay(options: {
  bundle: string;
  crashAt?: number;
  maxPatrols?: number;
}): Promise<AppRelayOutcome> {
  const gh = await startFakeGitHub({
    owner: 'acme',
    repo: 'widgets',
    defaultBranch: 'main',
    appSlug: 'molecular',
  });
  const proxy = await startChaosProxy(gh.url);
  const root = await realpath(await mkdtemp(join(tmpdir(), 'mol-app-relay-')));
  // GitHub serves the repository's git beside its API: the replica pushes its leases through the
  // proxy too, so a push is one of the writes a crash comes right after.
  const remote = await bareRemote(root);
  gh.serveGit(remote);
  let replica: AppProcess | undefined;
  try {
    gh.state.files.set('.github/formulas/relay.formula.toml', FORMULA);
    gh.state.files.set('.github/workflows/molecular-step.yml', 'name: step\n');
    gh.state.files.set('.github/molecular.yml', 'lock_ttl: 2s\nredispatch_after: 1s\n');
    gh.state.collaborators.set('alice', 'write');
    gh.tokens.set(TOKEN, actorFor('github-actions[bot]'));
    const issue = gh.state.addIssue({
      title: 'Relay',
      user: actorFor('alice'),
      labels: ['formula:relay'],
    }).number;
    const molOn = () => {
      const comment = [...gh.state.comments.values()].find(
        (c) => c.issue_number === issue && c.body.includes('molecular:state'),
      );
      const decoded = decodeState(comment?.body ?? '');
      return decoded.ok ? decoded.value : undefined;
    };
    const lateDispatches: string[] = [];
    gh.on('workflow_dispatch', (d) => {
      const step = (d.inputs as Record<string, string>).step ?? '';
      if (molOn()?.steps.find((s) => s.id === step)?.status === 'completed') lateDispatches.push(step);
    });
    const start = () => startAppProcess(gh, { name: 'replica', baseUrl: proxy.url });
    replica = await start();
    proxy.decide = (r) =>
      options.crashAt !== undefined && r.writeIndex === options.crashAt ? 'forward-then-hang' : 'forward';
    proxy.onAnswered = (r) => {
      if (options.crashAt !== undefined && r.writeIndex === options.crashAt) void replica?.kill();
    };

    let redeliveries = 0;
    const deliver = async (event: string, payload: Record<string, unknown>, id: string) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const sent = await (replica as AppProcess).send(event, payload, { id });
        if (sent.status === 200) return;
        // The replica died with the delivery: start another, redeliver the same id.
        await replica?.kill();
        replica = await start();
        redeliveries++;
      }
    };
    await deliver('issues', issueEvent(gh, 'alice', 'labeled', issue, 'formula:relay'), 'label');
    let handled = 0;
    const drain = async () => {
      for (;;) {
        const dispatch = gh.state.workflowDispatches[handled];
        if (!dispatch) return;
        const index = handled++;
        const inputs = dispatch.inputs as Record<string, string>;
        const report = (fields: Record<string, unknown>) =>
          repoPayload(gh, 'github-actions[bot]', {
            action: STEP_REPORT_EVENT,
            branch: 'main',
            client_payload: {
              molecule: inputs.molecule,
              step: inputs.step,
              runId: `job-${index}`,
              ...fields,
            },
          });
        await deliver('repository_dispatch', report({ event: 'start' }), `start-${index}`);
        await deliver(
          'repository_dispatch',
          report({
            event: 'complete',
            branch: `molecular/${inputs.molecule}/${inputs.step}`,
            gates: [{ type: 'files', passed: true, detail: 'present' }],
            checkpoint: {
              commit: createHash('sha1').update(`${index}/${inputs.step}`).digest('hex'),
              filesModified: [],
              testsPassed: true,
              notes: '',
              capturedAt: new Date().toISOString(),
            },
          }),
          `done-${index}`,
        );
      }
    };
    await drain();
    const runner = new SimulatedRunner({
      gh,
      bundle: options.bundle,
      remote,
      root,
      token: TOKEN,
    });
    let patrolRounds = 0;
    while (molOn()?.status !== 'complete' && patrolRounds < (options.maxPatrols ?? 3)) {
      patrolRounds++;
      await new Promise((r) => setTimeout(r, 2_100)); // past lock_ttl and redispatch_after
      // The App poured: the Action's patrol believes the App's state comments through its slug.
      await runner.run({
        eventName: 'schedule',
        payload: {},
        inputs: { mode: 'patrol', 'app-slug': gh.state.appSlug },
        noCheckout: true,
      });
      await drain();
    }
    const checkRuns: Record<string, number> = {};
    for (const run of gh.state.checkRuns) checkRuns[run.name] = (checkRuns[run.name] ?? 0) + 1;
    const mol = molOn();
    return {
      ...(mol ? { mol } : {}),
      writes: proxy.requests.filter((r) => r.isWrite),
      stateComments: [...gh.state.comments.values()].filter(
        (c) => c.issue_number === issue && c.body.includes('molecular:state'),
      ).length,
      checkRuns,
      lateDispatches,
      redeliveries,
      patrolRounds,
    };
  } finally {
    await replica?.close();
    await proxy.close();
    await gh.close();
    await rm(root, { recursive: true, force: true });
  }
}
