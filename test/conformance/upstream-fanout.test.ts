/**
 * Runtime fan-out and its gates with upstream's meaning, through the real `mol run` (issue 23).
 * The formulas are written here in upstream's syntax; the facts each test checks come from
 * upstream's Go code, named in the comments (Beads: github.com/gastownhall/beads, Gas City:
 * github.com/gastownhall/gascity). No upstream code is copied.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliRepo } from '../helpers/cli.js';
import { upstreamRun } from '../helpers/upstream-run.js';

interface MolJson {
  status: string;
  steps: Array<{ id: string; status: string; fanout?: Record<string, string>[] }>;
}

const cli = useCliRepo();
const { repo, run } = cli;
const { status, statuses, formula, startOrder } = upstreamRun<MolJson>(cli);

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

describe('on_complete sequential (gascity internal/dispatch/fanout.go expectedFragmentExternalDeps)', () => {
  // fanout_mode "sequential" (graph.go, from OnCompleteSpec.Sequential): each copy's entry steps
  // are blocked by the previous copy's sinks, so a copy that fails holds every copy after it.
  // In parallel mode (the default) copies do not depend on each other.
  const bond = `[[template]]
id = "{target}.arm"
run = 'test "$MOL_VAR_WORKER_NAME" != bad'
`;
  const flow = (sequential: boolean) => `[[steps]]
id = "survey"
max_retries = 0
run = '''echo '{"workers": [{"name": "bad"}, {"name": "bob"}]}' '''
[steps.on_complete]
for_each = "output.workers"
bond = "mol-arm-once"
sequential = ${sequential}
vars = { worker_name = "{item.name}" }
`;

  it('sequential: the second copy waits for the first, so it is blocked when the first fails', async () => {
    await formula('mol-arm-once', bond);
    const file = await formula('survey-seq', flow(true));
    const ran = await run(['run', file, '--id', 'q1']);
    expect(ran.code).not.toBe(0);
    const m = await status('q1');
    expect(m.status).toBe('failed');
    expect(statuses(m)).toEqual({
      survey: 'completed',
      'survey.item.1.arm': 'failed',
      'survey.item.2.arm': 'blocked',
    });
  });

  it('parallel (default): the second copy runs although the first failed', async () => {
    await formula('mol-arm-once', bond);
    const file = await formula('survey-par', flow(false));
    await run(['run', file, '--id', 'q2']);
    const m = await status('q2');
    expect(m.status).toBe('failed');
    expect(statuses(m)).toEqual({
      survey: 'completed',
      'survey.item.1.arm': 'failed',
      'survey.item.2.arm': 'completed',
    });
  });
});

describe('waits_for all-children / any-children (beads internal/storage/issueops/blocked.go, internal/formula/types.go ParseWaitsFor; gascity internal/formula/compile.go collectRecipeDeps)', () => {
  // The spawner is children-of(<id>) or the step's first need. all-children: blocked while any
  // child of the spawner is open. any-children: blocked while no child has closed and one is
  // open. A step that only needs the spawner does not wait for the children at all (the fan-out
  // is a control step of its own, graph.go).
  it('runs a plain need right after the spawner, any-children after the first child, all-children after the last', async () => {
    await formula('mol-worker-arm', BOND);
    const file = await formula(
      'survey-wait',
      `${SURVEY}vars = { worker_name = "{item.name}", rig = "{item.rig}" }
[[steps]]
id = "plain"
needs = ["survey"]
run = "true"
[[steps]]
id = "first"
needs = ["survey"]
waits_for = "any-children"
run = "true"
[[steps]]
id = "all"
waits_for = "children-of(survey)"
needs = ["plain"]
run = "true"
`,
    );
    const cooked = await run(['cook', file]);
    expect(cooked.stdout).toContain('on complete: mol-worker-arm for each of output.workers');
    expect(cooked.stdout).toContain("waits for one of survey's children");
    expect(cooked.stdout).toContain("waits for all of survey's children");
    const ran = await run(['run', file, '--id', 'w1'], { LOG: join(repo.root, 'w.log') });
    expect(ran.code, ran.stderr).toBe(0);
    const m = await status('w1');
    expect(m.status).toBe('complete');
    expect(new Set(Object.values(statuses(m)))).toEqual(new Set(['completed']));
    const order = await startOrder('w1');
    const children = order.filter((id) => id.startsWith('survey.item.'));
    expect(children).toHaveLength(4);
    const at = (id: string) => order.indexOf(id);
    const firstChildDone = at(children[0] as string);
    expect(at('plain')).toBeLessThan(firstChildDone);
    expect(at('first')).toBeGreaterThan(firstChildDone);
    expect(at('first')).toBeLessThan(at(children.at(-1) as string));
    expect(at('all')).toBe(order.length - 1);
  });

  it('refuses a waits_for that names no spawner, at its key', async () => {
    const file = await formula(
      'bad-wait',
      `[[steps]]
id = "a"
run = "true"
[[steps]]
id = "b"
waits_for = "all-children"
run = "true"
`,
    );
    const cooked = await run(['cook', file]);
    expect(cooked.code).toBe(1);
    expect(cooked.stderr).toMatch(
      /bad-wait\.formula\.toml:7:\d+: error: step "b": waits_for has no spawner: it has no needs/,
    );
  });
});
