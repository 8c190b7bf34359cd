/**
 * The lost-update race between two App replicas, forced deterministically (issue 6). Each
 * replica is its own process behind its own chaos proxy; the proxies hold each replica's comment
 * edit until the other has read the state, then let replica A write and confirm before replica B
 * writes what it computed from the old state: read A, read B, write A, re-read A, write B.
 *
 * GitHub has no compare-and-swap on comment edits, so only a lock shared by the processes (the
 * git-ref lease) prevents B from overwriting A. With it, B cannot read until A is done, the gates
 * time out, and both completions land. Without it — what the App chose for the default
 * `lock: auto` until this test found it — A's completion was lost, both deliveries answered 200.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from '../helpers/chaos/app-process.js';
import {
  type ChaosProxy,
  deferred,
  type ProxiedRequest,
  startChaosProxy,
  type Verdict,
  within,
} from '../helpers/chaos/chaos-proxy.js';
import {
  completion,
  dropActionBundle,
  type FanWorld,
  lockRefs,
  moleculeOn,
  pourFan,
  reportPayload,
  startFanWorld,
  stateComments,
} from '../helpers/chaos/fan-world.js';
import { recordResult } from '../helpers/chaos/report.js';

const TRUSTED = 'trusted_writers: ["molecular[bot]", "github-actions[bot]"]\n';
const GATE_MS = 3_000;
const isEdit = (r: ProxiedRequest) => r.method === 'PATCH' && /\/issues\/comments\/\d+$/.test(r.path);
const isCommentRead = (r: ProxiedRequest) =>
  /\/graphql$/.test(r.path) && /query MolecularComment\b/.test(r.body);

let world: FanWorld | undefined;
const proxies: ChaosProxy[] = [];

afterEach(async () => {
  await world?.close();
  world = undefined;
  for (const proxy of proxies.splice(0)) await proxy.close();
  await dropActionBundle();
});

/** Two replicas behind proxies; returns the final molecule after the forced interleaving. */
async function race(config: string) {
  const replicas: Record<string, ChaosProxy> = {};
  world = await startFanWorld({
    steps: 2,
    apps: 2,
    config,
    startApp: async (gh, name) => {
      const proxy = await startChaosProxy(gh.url);
      proxies.push(proxy);
      replicas[name] = proxy;
      return startAppProcess(gh, { name, baseUrl: proxy.url });
    },
  });
  const [a, b] = world.apps as [AppProcess, AppProcess];
  const proxyA = replicas[a.name] as ChaosProxy;
  const proxyB = replicas[b.name] as ChaosProxy;
  const { issue, mol } = await pourFan(world, a);
  for (const [i, step] of world.steps.entries()) {
    await a.send(
      'repository_dispatch',
      reportPayload(world, { molecule: mol.id, step, event: 'start', runId: `r${i}` }),
    );
  }

  const aAtEdit = deferred();
  const bAtEdit = deferred();
  const aConfirmed = deferred();
  let aWrote = false;
  proxyA.decide = async (r): Promise<Verdict> => {
    if (!isEdit(r)) return 'forward';
    aAtEdit.resolve();
    await within(bAtEdit.promise, GATE_MS);
    aWrote = true;
    return 'forward';
  };
  proxyA.onAnswered = (r) => {
    if (aWrote && isCommentRead(r)) aConfirmed.resolve();
  };
  proxyB.decide = async (r): Promise<Verdict> => {
    if (!isEdit(r)) return 'forward';
    bAtEdit.resolve();
    await within(aAtEdit.promise, GATE_MS);
    await within(aConfirmed.promise, GATE_MS);
    return 'forward';
  };
  const [sentA, sentB] = await Promise.all([
    a.send('repository_dispatch', reportPayload(world, completion(mol.id, 'p01', 'r0'))),
    b.send('repository_dispatch', reportPayload(world, completion(mol.id, 'p02', 'r1'))),
  ]);
  const after = moleculeOn(world.gh, issue);
  return {
    statuses: [sentA.status, sentB.status],
    steps: Object.fromEntries(after.steps.map((s) => [s.id, s.status])),
    comments: stateComments(world.gh, issue).length,
    locks: lockRefs(world.gh),
  };
}

const BOTH = { p01: 'completed', p02: 'completed', join: 'ready' };

describe('two App replicas forced into read-read-write-write', () => {
  it("lose nothing with lock: ref (the second waits for the lease, then reads the first one's write)", async () => {
    const result = await race(`lock: ref\n${TRUSTED}`);
    recordResult({
      area: 'concurrency',
      name: 'GitHub: forced read-read-write-write, lock: ref',
      tried:
        'two App replica processes behind proxies that hold each comment edit until the other replica has read, then write A, confirm A, write B',
      runs: 1,
      failures: JSON.stringify(result.steps) === JSON.stringify(BOTH) ? 0 : 1,
      counts: { lostUpdates: Object.values(result.steps).filter((s) => s === 'in_progress').length },
      held: 'the lease kept B from reading until A had written; both completions recorded, the join ready',
    });
    expect(result).toEqual({ statuses: [200, 200], steps: BOTH, comments: 1, locks: [] });
  }, 60_000);

  // Found by this test: the App resolved `lock: auto` to no cross-process lock, and B overwrote
  // A. Fixed by the App's owner (ff2eec4, src/app/lock-mode.ts): auto takes the lease.
  it('lose nothing with the default lock: auto (the App takes the lease too)', async () => {
    const result = await race(TRUSTED);
    recordResult({
      area: 'concurrency',
      name: 'GitHub: forced read-read-write-write, lock: auto',
      tried: 'the same interleaving with the default config (`lock: auto`)',
      runs: 1,
      failures: JSON.stringify(result.steps) === JSON.stringify(BOTH) ? 0 : 1,
      counts: { lostUpdates: Object.values(result.steps).filter((s) => s === 'in_progress').length },
      held: `final steps ${JSON.stringify(result.steps)} after two deliveries answered ${result.statuses.join(' and ')}`,
    });
    expect(result).toEqual({ statuses: [200, 200], steps: BOTH, comments: 1, locks: [] });
  }, 60_000);
});
