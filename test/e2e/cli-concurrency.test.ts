/**
 * Two `mol` processes changing one molecule at the same moment lose nothing: each `mol done`
 * applies its step to the state it finds under the store's lock, never to a stale copy.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, mol, useCliRepo } from '../helpers/cli.js';

interface MolJson {
  steps: Array<{ id: string; status: string; attempts: number }>;
  history: Array<{ event: string; step?: string }>;
}

let file: string;

const { cli, repo } = useCliRepo(
  async (repo) => {
    file = join(repo.flows, 'pair.formula.toml');
    await writeFile(
      file,
      `formula = "pair"
[[steps]]
id = "left"
type = "human"
[[steps]]
id = "right"
type = "human"
[[steps]]
id = "both"
type = "human"
needs = ["left", "right"]
`,
    );
  },
  { shared: true },
);

describe('concurrent mol done', () => {
  it('records both steps every time (12 rounds)', { timeout: 120_000 }, async () => {
    const run = (args: string[]) => mol(cli, args, { cwd: repo.dir });
    for (let round = 0; round < 12; round++) {
      const id = `pair-${round}`;
      expect((await run(['pour', file, '--id', id])).code).toBe(0);
      const [left, right] = await Promise.all([run(['done', id, 'left']), run(['done', id, 'right'])]);
      expect([left.code, right.code, left.stderr, right.stderr]).toEqual([3, 3, '', '']);
      const m = json<MolJson>(await run(['status', id, '--json']));
      expect(m.steps.map((s) => [s.id, s.status, s.attempts])).toEqual([
        ['left', 'completed', 1],
        ['right', 'completed', 1],
        ['both', 'ready', 0],
      ]);
      const completions = m.history.filter((h) => h.event === 'complete' && h.step).map((h) => h.step);
      expect(completions.sort()).toEqual(['left', 'right']);
    }
  });
});
