/**
 * API calls per operation through the App against the fake GitHub at zero latency, counted at the
 * fake (scripts/bench-app.mjs's harness, so BENCHMARKS.md's "GitHub App" section counts the same
 * way). A warm App: its token, its identity and .github/molecular.yml were read by an earlier
 * delivery (the config is kept a minute), so those are not counted; everything else is, the
 * labeller's or commenter's permission look-up included (cached a minute per person).
 * The default lock (the git-ref lease, taken by git push: the fake serves the repository's git
 * beside its API, as GitHub does) is the row; `lock: none` is in the note, to show what the lease
 * costs. Before the App pushed its leases (REST keeper): pour 9, completion 6, `/mol done` 7.
 */
import { type OperationCalls, withHarness } from '../lib/app-harness.js';
import type { ScaleRow } from '../lib/row.js';

async function callsWith(config: string): Promise<OperationCalls> {
  return withHarness(async (harness, dir) => {
    const loaded = { ...(await harness.loadWorld(dir)), dir };
    const app = await harness.startApp(loaded, config);
    try {
      return await harness.operationCalls(app, loaded.world);
    } finally {
      await app.close();
    }
  });
}

/** `POST git/create-ref` twice in a row reads `2× POST git/create-ref`. */
function listed(calls: string[]): string {
  const parts: string[] = [];
  for (let i = 0; i < calls.length; ) {
    let n = 1;
    while (calls[i + n] === calls[i]) n++;
    parts.push(n > 1 ? `${n}× ${calls[i]}` : (calls[i] as string));
    i += n;
  }
  return parts.join(', ');
}

export async function measure(): Promise<ScaleRow[]> {
  const lease = await callsWith('');
  const none = await callsWith('lock: none\n');
  const row = (name: string, pick: (c: OperationCalls) => string[], goal: string, extra = ''): ScaleRow => ({
    name,
    value: pick(lease).length,
    unit: 'calls',
    goal,
    note: `${listed(pick(lease))}${extra}; \`lock: none\`: ${pick(none).length}`,
  });
  return [
    row(
      'API calls: pour by label (default lock)',
      (c) => c.pour,
      '≤ 5',
      `; a distributed formula's (\`ship\`, labeller's permission cached): ${lease.shipPour.length}, its first dispatch included`,
    ),
    row('API calls: step completion + next dispatch (default lock)', (c) => c.completion, '≤ 4'),
    row('API calls: `/mol status`', (c) => c.status, '≤ 3'),
  ];
}
