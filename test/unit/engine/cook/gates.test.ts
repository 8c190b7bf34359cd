import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import { formula } from './fixture.js';

function steps(text: string, vars?: Record<string, string>) {
  const result = cook(formula(text), { vars });
  if (!result.ok) throw new Error(result.error.message);
  return Object.fromEntries(result.value.proto.steps.map((s) => [s.id, s]));
}

describe('cook: gates', () => {
  const s = steps(`[vars]
dir = "out"
[[steps]]
id = "ci"
gate = { type = "gh:run", id = "release.yml", timeout = "30m" }
[[steps]]
id = "any-ci"
gate = { type = "gh:run" }
[[steps]]
id = "merged"
gate = { type = "gh:pr" }
[[steps]]
id = "sign-off"
gate = { type = "human" }
[[steps]]
id = "approve"
gate = [{ type = "approval" }, { type = "approval", permission = "admin" }]
[[steps]]
id = "build"
run = "make"
gate = { type = "command", run = "test -f out/app", timeout = "5m" }
gates = [{ type = "files", paths = ["{{dir}}/app"] }, { type = "schema", file = "{{dir}}/plan.json", schema = "plan.schema.json" }]
[[steps]]
id = "wait"
gates = [{ type = "timer", after = "2h" }, { type = "checks", names = ["lint"] }]
[[steps]]
id = "write"
output = "plan.md"
gate = { type = "checks" }
[[steps]]
id = "maybe"
gate = { type = "conditional", condition = "no_response_1" }
`);

  it("maps Beads' gate names to Molecular's", () => {
    expect(s.ci?.gates).toEqual([{ type: 'checks', names: ['release.yml'], timeout: '30m' }]);
    expect(s['any-ci']?.gates).toEqual([{ type: 'checks', names: [] }]);
    expect(s.merged?.gates).toEqual([{ type: 'pr-merged' }]);
    expect(s['sign-off']?.gates).toEqual([{ type: 'approval', permission: 'write' }]);
  });

  it('asks an approval for maintain unless it names a permission', () => {
    expect(s.approve?.gates).toEqual([
      { type: 'approval', permission: 'maintain' },
      { type: 'approval', permission: 'admin' },
    ]);
  });

  it('joins `gate` and `gates` into one list and substitutes vars in paths, never in a command', () => {
    expect(s.build?.gates).toEqual([
      { type: 'command', run: 'test -f out/app', timeout: '5m' },
      { type: 'files', paths: ['out/app'] },
      { type: 'schema', file: 'out/plan.json', schema: 'plan.schema.json' },
    ]);
  });

  it('makes a step a gate step when waiting is its only job', () => {
    for (const id of ['ci', 'any-ci', 'merged', 'sign-off', 'approve', 'wait'])
      expect(s[id]?.type, id).toBe('gate');
  });

  it('keeps a step a task when it has work: a run, an output, or a gate that checks its work', () => {
    expect(s.build?.type).toBe('task');
    expect(s.write?.type).toBe('task');
    expect(s.maybe?.type).toBe('task');
    expect(s.maybe?.gates).toEqual([{ type: 'conditional', condition: 'no_response_1' }]);
  });

  it('keeps an explicit type, human included', () => {
    const t = steps(
      '[[steps]]\nid = "h"\ntype = "human"\n[[steps]]\nid = "g"\ntype = "gate"\n[[steps]]\nid = "t"\ntype = "task"\ngate = { type = "gh:pr" }\n',
    );
    expect([t.h?.type, t.g?.type, t.t?.type]).toEqual(['human', 'gate', 'task']);
  });
});

describe('cook: step defaults', () => {
  it('fills title, description, needs, gates and trigger, and omits what the step does not set', () => {
    const s = steps('[[steps]]\nid = "bare"\n');
    expect(s.bare).toEqual({
      id: 'bare',
      title: 'bare',
      description: '',
      needs: [],
      type: 'task',
      gates: [],
      trigger: 'all_success',
    });
  });

  it('carries every scheduling field', () => {
    const s = steps(`[[steps]]
id = "a"
[[steps]]
id = "b"
depends_on = ["a"]
needs = ["a"]
max_retries = 1
on_fail = "a"
max_loops = 2
timeout = "30m"
trigger = "one_failed"
assignee = "ada"
`);
    expect(s.b).toMatchObject({
      needs: ['a'],
      maxRetries: 1,
      onFail: 'a',
      maxLoops: 2,
      timeout: '30m',
      trigger: 'one_failed',
      assignee: 'ada',
    });
  });
});
