/**
 * "The write happened but the client saw a timeout" (issue 6), at the comment store's level:
 * every kind of write the store makes — the state comment's create and edits, the lock's commit,
 * ref and release, the state label, a check run — is applied by the fake and then its connection
 * dropped, so Octokit's retry plugin (on, as in both faces) sends it again. A POST is not
 * idempotent: sent twice, it makes two comments or two check runs unless the writer looks first.
 *
 * Held: one state comment, one check run, the mutation recorded once, the lock released, and no
 * wait for a lock this same writer took (the default lock TTL is two minutes).
 */
import { retry } from '@octokit/plugin-retry';
import { Octokit } from '@octokit/rest';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeState } from '../../src/engine/codec/decode.js';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { upsertCheckRun } from '../../src/github/check-runs.js';
import { createCommentStore } from '../../src/github/store/comment-store.js';
import { defaultTrustedWriters } from '../../src/github/store/comment-trust.js';
import { KeyedMutex } from '../../src/github/store/keyed-mutex.js';
import { makeMolecule } from '../conformance/store-conformance.js';
import { type ChaosProxy, type ProxiedRequest, startChaosProxy } from '../helpers/chaos/chaos-proxy.js';
import { recordResult } from '../helpers/chaos/report.js';
import { type FakeGitHub, startFakeGitHub } from '../helpers/fake-github/index.js';

const repo = { owner: 'acme', repo: 'widgets' };
const RetryingOctokit = Octokit.plugin(retry);

let gh: FakeGitHub;
let proxy: ChaosProxy;

afterEach(async () => {
  await proxy?.close();
  await gh?.close();
});

async function world(dropWhen: (r: ProxiedRequest) => boolean) {
  gh = await startFakeGitHub({ ...repo, appSlug: 'molecular' });
  const issue = gh.state.addIssue({ title: 'drops' }).number;
  proxy = await startChaosProxy(gh.url);
  let dropped = 0;
  proxy.decide = (r) => {
    if (dropped > 0 || !dropWhen(r)) return 'forward';
    dropped++;
    return 'forward-then-drop';
  };
  const octokit = new RetryingOctokit({
    baseUrl: proxy.url,
    auth: 'app-token',
    retry: { retryAfterBaseValue: 1 },
  });
  const store = createCommentStore({
    octokit,
    repo,
    trustedWriters: defaultTrustedWriters('molecular'),
    lock: 'ref',
    mutex: new KeyedMutex(),
    // Real lock timings: a writer that waited out its own lease would take two minutes.
    lockWaitMs: 15_000,
    issueOf: () => issue,
  });
  return { issue, octokit, store, dropped: () => dropped };
}

const tick = (mol: Molecule) => ({
  ok: true as const,
  value: { mol: { ...mol, history: [...mol.history, { at: mol.updatedAt, event: 'tick' }] }, effects: [] },
});

const stateComments = (issue: number) =>
  [...gh.state.comments.values()].filter(
    (c) => c.issue_number === issue && c.body.includes('molecular:state'),
  );

const WRITES: Array<[string, (r: ProxiedRequest) => boolean, 'create' | 'mutate']> = [
  ['POST the state comment', (r) => r.method === 'POST' && /\/issues\/\d+\/comments$/.test(r.path), 'create'],
  ['POST the state label', (r) => r.method === 'POST' && /\/issues\/\d+\/labels$/.test(r.path), 'create'],
  [
    'PATCH the state comment',
    (r) => r.method === 'PATCH' && /\/issues\/comments\/\d+$/.test(r.path),
    'mutate',
  ],
  ['POST the lock commit', (r) => r.method === 'POST' && r.path.endsWith('/git/commits'), 'mutate'],
  ['POST the lock ref', (r) => r.method === 'POST' && r.path.endsWith('/git/refs'), 'mutate'],
  ['DELETE the lock ref', (r) => r.method === 'DELETE' && r.path.includes('/git/refs/'), 'mutate'],
];

const results: Array<{ write: string; ok: boolean; detail: string }> = [];

describe('a write applied, its answer lost, the request retried', () => {
  afterEach(() => {
    const failed = results.filter((r) => !r.ok);
    if (results.length === WRITES.length + 1) {
      recordResult({
        area: 'crash',
        name: 'comment store: write applied, connection dropped',
        tried: `each write the store and check runs make (${[...WRITES.map(([w]) => w), 'POST a check run'].join(', ')}) applied by the fake, its connection dropped, Octokit's retry plugin sending it again; the lock at its real 2-minute TTL`,
        runs: results.length,
        failures: failed.length,
        held:
          failed.length === 0
            ? 'one state comment, one check run, each change recorded once, the lock released, no wait on its own lock'
            : failed.map((f) => `${f.write}: ${f.detail}`).join(' | '),
        ...(failed.length > 0 ? { details: failed.map((f) => `${f.write}: ${f.detail}`) } : {}),
      });
    }
  });

  for (const [write, when, phase] of WRITES) {
    it(`${write}: nothing duplicated, nothing waited for`, async () => {
      const { issue, store, dropped } = await world(when);
      const mol = makeMolecule(`m-${issue}`, { subject: { issue } });
      const started = performance.now();
      const created = await store.create(mol);
      const mutated = phase === 'mutate' ? await store.mutate(mol.id, tick) : undefined;
      const ms = performance.now() - started;
      const comments = stateComments(issue);
      const decoded = decodeState(comments[0]?.body ?? '');
      const problems = [
        ...(dropped() === 1 ? [] : ['the drop never happened']),
        ...(created.ok ? [] : [`create: ${created.error.message}`]),
        ...(mutated && !mutated.ok ? [`mutate: ${mutated.error.message}`] : []),
        ...(comments.length === 1 ? [] : [`${comments.length} state comments`]),
        ...(decoded.ok &&
        decoded.value.history.filter((h) => h.event === 'tick').length === (phase === 'mutate' ? 1 : 0)
          ? []
          : ['the change not recorded exactly once']),
        ...([...gh.state.allRefs().keys()].some((r) => r.startsWith('refs/molecular/locks/'))
          ? ['the lock was left behind']
          : []),
        ...(ms < 10_000 ? [] : [`took ${Math.round(ms)} ms (waited on its own lock)`]),
      ];
      results.push({ write, ok: problems.length === 0, detail: problems.join(', ') });
      expect(problems).toEqual([]);
    }, 60_000);
  }

  it('POST a check run: one check run', async () => {
    const { octokit } = await world((r) => r.method === 'POST' && r.path.endsWith('/check-runs'));
    const sha = 'a'.repeat(40);
    const done = await upsertCheckRun(octokit, repo, {
      name: 'molecular / x / s',
      headSha: sha,
      status: 'in_progress',
      title: 't',
      summary: 's',
    });
    const runs = gh.state.checkRuns.filter((r) => r.head_sha === sha);
    const problems = [
      ...(done.ok ? [] : [done.error.message]),
      ...(runs.length === 1 ? [] : [`${runs.length} check runs`]),
    ];
    results.push({ write: 'POST a check run', ok: problems.length === 0, detail: problems.join(', ') });
    expect(problems).toEqual([]);
  });
});
