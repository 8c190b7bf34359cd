/**
 * Runtime fan-out and its gates with upstream's meaning, through the real `mol run` (issue 23).
 * The formulas are written here in upstream's syntax; the facts each test checks come from
 * upstream's Go code, named in the comments (Beads: github.com/gastownhall/beads, Gas City:
 * github.com/gastownhall/gascity). No upstream code is copied.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, useCliRepo } from '../helpers/cli.js';
import { localMolecule } from '../helpers/local-molecule.js';

interface MolJson {
  status: string;
  steps: Array<{ id: string; status: string; fanout?: Record<string, string>[] }>;
}

const { repo, run } = useCliRepo();

const status = async (id: string) => json<MolJson>(await run(['status', id, '--json']));
const statuses = (m: MolJson) => Object.fromEntries(m.steps.map((s) => [s.id, s.status]));

async function formula(name: string, toml: string): Promise<string> {
  const path = join(repo.root, 'flows', `${name}.formula.toml`);
  await writeFile(path, `formula = "${name}"\n${toml}`);
  return path;
}

/** The order steps started in, from the history. */
async function startOrder(id: string): Promise<string[]> {
  const m = await localMolecule(repo.dir, id);
  return m.history.flatMap((h) =>
    h.event === 'start' && h.to === 'in_progress' && h.step !== undefined ? [h.step] : [],
  );
}

/** Gas City's survey-workers example (types.go OnCompleteSpec): one arm per worker in the output. */
const BOND = `description = "arm one worker"
[vars]
worker_name = { description = "the worker" }
[[template]]
id = "{target}.arm"
title = "Arm {{worker_name}} ({target})"
run = 'echo "arm $MOL_VAR_WORKER_NAME $MOL_VAR_RIG" >> "$LOG"'
[[template]]
id = "{target}.check"
title = "Check {{worker_name}}"
needs = ["{target}.arm"]
run = 'echo "check $MOL_VAR_WORKER_NAME" >> "$LOG"'
`;

const SURVEY = `[[steps]]
id = "survey"
title = "Survey workers"
run = '''echo 'surveyed'; echo '{"workers": [{"name": "ada", "rig": "r1"}, {"name": "bob", "rig": "r2"}]}' '''
[steps.on_complete]
for_each = "output.workers"
bond = "mol-worker-arm"
`;

describe('on_complete for_each / bond (gascity internal/dispatch/fanout.go processFanout, internal/formula/graph.go applyGraphControls)', () => {
  // processFanout: the items are the array at for_each in the source step's output
  // (resolveFanoutItems); each item i (from 0) gets the bond compiled against the target
  // `<step>.item.<i+1>` (targetRef) with the item's vars (materializeFanoutVars: {item.field},
  // {index} from 0). Parallel is the default: copies do not wait for each other.
  it('makes one copy of the bond per item after the step completes, with the item vars, in mol status and the graph', async () => {
    const log = join(repo.root, 'fan.log');
    await formula('mol-worker-arm', BOND);
    const file = await formula(
      'survey',
      `${SURVEY}vars = { worker_name = "{item.name}", rig = "{item.rig}", n = "{index}" }
[[steps]]
id = "after"
needs = ["survey"]
run = 'echo after >> "$LOG"'
`,
    );
    const ran = await run(['run', file, '--id', 'f1'], { LOG: log });
    expect(ran.code, ran.stderr).toBe(0);
    const m = await status('f1');
    expect(m.status).toBe('complete');
    expect(m.steps.map((s) => s.id)).toEqual([
      'survey',
      'after',
      'survey.item.1.arm',
      'survey.item.1.check',
      'survey.item.2.arm',
      'survey.item.2.check',
    ]);
    expect(new Set(Object.values(statuses(m)))).toEqual(new Set(['completed']));
    expect(m.steps[0]?.fanout).toEqual([
      { worker_name: 'ada', rig: 'r1', n: '0' },
      { worker_name: 'bob', rig: 'r2', n: '1' },
    ]);
    const lines = (await readFile(log, 'utf8')).trimEnd().split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['arm ada r1', 'check ada', 'arm bob r2', 'check bob', 'after']),
    );
    expect(lines.indexOf('arm ada r1')).toBeLessThan(lines.indexOf('check ada'));
    const order = await startOrder('f1');
    expect(order[0]).toBe('survey');
    const text = await run(['status', 'f1']);
    expect(text.stdout).toContain('survey.item.2.check');
    const graph = await run(['status', 'f1', '--graph']);
    expect(graph.code).toBe(0);
    // The graph draws the children under the step they came from.
    expect(graph.stdout).toMatch(/Arm ada \(survey\.item\.1\)/);
    expect(graph.stdout).toMatch(/s0 --> s2/);
  });
});
