/**
 * Upstream formulas run with upstream's meaning, through the real `mol run` (issue 23). Each
 * formula is written here in upstream's syntax; the facts each test checks come from upstream's
 * Go code, named in the test's comment (Beads: github.com/gastownhall/beads, Gas City:
 * github.com/gastownhall/gascity, Gas Town: github.com/steveyegge/gastown). No upstream code is
 * copied.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliRepo } from '../helpers/cli.js';
import { upstreamRun } from '../helpers/upstream-run.js';

interface StepJson {
  id: string;
  status: string;
  attempts: number;
}
interface MolJson {
  status: string;
  steps: StepJson[];
}
interface ProtoJson {
  reviewOnly?: boolean;
  steps: Array<{
    id: string;
    type: string;
    needs: string[];
    title: string;
    agent?: string;
    kind?: string;
    tags?: string[];
    priority?: number;
    notes?: string;
    metadata?: Record<string, string>;
    interactive?: boolean;
    reviewOnly?: boolean;
  }>;
}

const cli = useCliRepo();
const { repo, run } = cli;
const { status, statuses, formula, startOrder } = upstreamRun<MolJson>(cli);

async function cookJson(file: string, vars: string[] = []): Promise<ProtoJson> {
  const cooked = await run(['cook', file, '--json', ...vars.flatMap((v) => ['--var', v])]);
  expect(cooked.stderr).toBe('');
  expect(cooked.code).toBe(0);
  return JSON.parse(cooked.stdout) as ProtoJson;
}

describe('condition truthiness (Beads internal/formula/stepcondition.go, isTruthy)', () => {
  // isTruthy: "", "false", "0", "no" and "off" are falsy, compared after strings.ToLower; any other
  // value is truthy. "{{var}}" includes the step when truthy, "!{{var}}" when not.
  const text = `[vars]
deploy = ""
[[steps]]
id = "deploy"
condition = "{{deploy}}"
run = "echo deployed > deployed.txt"
[[steps]]
id = "dry-run"
condition = "!{{deploy}}"
run = "echo dry > dry.txt"
`;

  it.each([
    ['off', 'skipped', 'completed'],
    ['No', 'skipped', 'completed'],
    ['FALSE', 'skipped', 'completed'],
    ['0', 'skipped', 'completed'],
    ['yes', 'completed', 'skipped'],
    ['on', 'completed', 'skipped'],
  ])('deploy = %j: deploy %s, dry-run %s', async (value, deploy, dry) => {
    const file = await formula('conditional', text);
    const ran = await run(['run', file, '--id', 'c1', '--var', `deploy=${value}`]);
    expect(ran.code).toBe(0);
    const m = await status('c1');
    expect(m.status).toBe('complete');
    expect(statuses(m)).toEqual({ deploy, 'dry-run': dry });
  });
});

describe('condition comparisons (Beads internal/formula/stepcondition.go, EvaluateStepCondition)', () => {
  // "{{var}} == value" / "{{var}} != value": the value after the operator is literal text,
  // trimmed and unquoted (unquoteValue), never a variable.
  it.each([
    ['staging', 'completed', 'skipped'],
    ['prod', 'skipped', 'completed'],
  ])('env = %s: the staging step %s, the other %s', async (env, staging, other) => {
    const file = await formula(
      'compare',
      `[vars]
env = "prod"
[[steps]]
id = "staging-only"
condition = "{{env}} == staging"
run = "true"
[[steps]]
id = "not-staging"
condition = "{{env}} != staging"
run = "true"
`,
    );
    const cooked = await run(['cook', file]);
    expect(cooked.stderr).toBe('');
    const ran = await run(['run', file, '--id', 'q1', '--var', `env=${env}`]);
    expect(ran.code).toBe(0);
    expect(statuses(await status('q1'))).toEqual({ 'staging-only': staging, 'not-staging': other });
  });
});

describe('step type is free text (Beads internal/formula/types.go, Step.Type: "task, bug, feature, epic, chore")', () => {
  // Upstream accepts any issue type. Molecular: `epic` is a container (like Gas Town's parallel
  // group), any type it has no meaning for is a task that keeps the type as its `kind`.
  it('runs a verification step as a task and an epic as a container that closes when its children have', async () => {
    const file = await formula(
      'typed',
      `[[steps]]
id = "build"
type = "feature"
run = "echo built > built.txt"
[[steps]]
id = "verify"
type = "verification"
needs = ["build"]
run = "test -f built.txt"
[[steps]]
id = "release"
type = "epic"
needs = ["verify"]
[[steps.children]]
id = "tag"
run = "echo tag > tag.txt"
[[steps.children]]
id = "notes"
run = "echo notes > notes.txt"
[[steps]]
id = "announce"
needs = ["release"]
run = "echo announced > announced.txt"
`,
    );
    const proto = await cookJson(file);
    expect(proto.steps.map((s) => [s.id, s.type, s.kind])).toEqual([
      ['build', 'task', 'feature'],
      ['verify', 'task', 'verification'],
      ['tag', 'task', undefined],
      ['notes', 'task', undefined],
      ['release', 'gate', undefined],
      ['announce', 'task', undefined],
    ]);
    const ran = await run(['run', file, '--id', 't1']);
    expect(ran.stderr).not.toMatch(/warning|unknown/);
    expect(ran.code).toBe(0);
    const m = await status('t1');
    expect(m.status).toBe('complete');
    // The epic needed no `mol done`: it closed when tag and notes had, and announce ran after it.
    expect(statuses(m)).toEqual({
      build: 'completed',
      verify: 'completed',
      tag: 'completed',
      notes: 'completed',
      release: 'completed',
      announce: 'completed',
    });
    const order = await startOrder('t1');
    expect(order.indexOf('announce')).toBeGreaterThan(order.indexOf('tag'));
    expect(order.indexOf('announce')).toBeGreaterThan(order.indexOf('notes'));
    expect(order).not.toContain('release');
  });

  it('closes a Gas Town parallel group without mol done (gastown internal/formula/types.go, children)', async () => {
    const file = await formula(
      'group',
      `[[steps]]
id = "boot"
type = "parallel"
[[steps.children]]
id = "a"
run = "true"
[[steps.children]]
id = "b"
run = "true"
[[steps]]
id = "done"
needs = ["boot"]
run = "true"
`,
    );
    const ran = await run(['run', file, '--id', 'g1']);
    expect(ran.code).toBe(0);
    expect(statuses(await status('g1'))).toEqual({
      a: 'completed',
      b: 'completed',
      boot: 'completed',
      done: 'completed',
    });
  });
});

describe('informational keys are kept and shown, not warned about', () => {
  // Gas City internal/formula/types.go Step: Labels (TOML `tags`), Priority, Notes, Metadata;
  // Beads' Step: Labels (`labels`), Metadata (any JSON value). Gas Town internal/formula/types.go:
  // Formula.ReviewOnly and Leg.ReviewOnly (`review_only`, analysis-only legs), Leg.Agent
  // (`agent`, per-leg agent override), Step.Interactive (`interactive`).
  it('keeps tags, labels, priority, notes and metadata on the step and prints them in mol cook', async () => {
    const file = await formula(
      'informed',
      `[[steps]]
id = "triage"
tags = ["ops", "p1"]
labels = ["beads-label"]
priority = 1
notes = "Ask in #ops first"
interactive = true
run = "true"
[steps.metadata]
owner = "ana"
estimate = 3
`,
    );
    const cooked = await run(['cook', file]);
    expect(cooked.stderr).toBe('');
    expect(cooked.stdout).toContain(
      'priority 1 · tags beads-label, ops, p1 · interactive · metadata owner=ana, estimate=3 · notes: Ask in #ops first',
    );
    const [step] = (await cookJson(file)).steps;
    expect(step).toMatchObject({
      tags: ['beads-label', 'ops', 'p1'],
      priority: 1,
      notes: 'Ask in #ops first',
      interactive: true,
      metadata: { owner: 'ana', estimate: '3' },
    });
    const ran = await run(['run', file, '--id', 'i1']);
    expect(ran.stderr).not.toMatch(/unknown key/);
    expect(ran.code).toBe(0);
  });

  it('applies a leg agent and keeps review_only, with no "unknown key" line', async () => {
    const file = await formula(
      'review',
      `type = "convoy"
review_only = true
[[legs]]
id = "security"
focus = "auth"
agent = "sh -c 'cat > /dev/null'"
review_only = true
[[legs]]
id = "style"
run = "true"
`,
    );
    const cooked = await run(['cook', file]);
    expect(cooked.stderr).toBe('');
    expect(cooked.stdout).toContain('review only: every leg analyses, no commits expected');
    const proto = await cookJson(file);
    expect(proto.reviewOnly).toBe(true);
    expect(proto.steps.find((s) => s.id === 'security')).toMatchObject({
      agent: "sh -c 'cat > /dev/null'",
      reviewOnly: true,
    });
    const ran = await run(['run', file, '--id', 'v1']);
    expect(ran.stderr).not.toMatch(/unknown key/);
    expect(ran.code).toBe(0);
    expect((await status('v1')).status).toBe('complete');
  });
});

describe('Beads loop (internal/formula/controlflow.go, ApplyLoops / expandLoopIteration / chainExpandedIterations)', () => {
  // Each body step of iteration N becomes `<loop id>.iter<N>.<body id>`; needs on body steps are
  // rewritten into the same iteration; iteration N+1's first step needs iteration N's last.
  // range "a..b" is evaluated with + - * / ^ (range.go EvaluateExpr); `var` binds {var} in the
  // body's title and description (substituteLoopVars).
  it('count = 3: the body runs three times, in order, and what needs the loop runs after it', async () => {
    const log = join(repo.root, 'loop.log');
    const file = await formula(
      'counted',
      `[[steps]]
id = "setup"
run = 'echo setup >> "$LOG"'
[[steps]]
id = "retry-loop"
needs = ["setup"]
[steps.loop]
count = 3
[[steps.loop.body]]
id = "attempt"
run = 'echo "attempt $MOL_STEP" >> "$LOG"'
[[steps.loop.body]]
id = "check"
needs = ["attempt"]
run = 'echo "check $MOL_STEP" >> "$LOG"'
[[steps]]
id = "report"
needs = ["retry-loop"]
run = 'echo report >> "$LOG"'
`,
    );
    const proto = await cookJson(file);
    expect(proto.steps.map((s) => [s.id, s.needs])).toEqual([
      ['setup', []],
      ['retry-loop.iter1.attempt', ['setup']],
      ['retry-loop.iter1.check', ['retry-loop.iter1.attempt']],
      ['retry-loop.iter2.attempt', ['retry-loop.iter1.check']],
      ['retry-loop.iter2.check', ['retry-loop.iter2.attempt']],
      ['retry-loop.iter3.attempt', ['retry-loop.iter2.check']],
      ['retry-loop.iter3.check', ['retry-loop.iter3.attempt']],
      ['report', ['retry-loop.iter3.check']],
    ]);
    const ran = await run(['run', file, '--id', 'l1'], { LOG: log });
    expect(ran.code).toBe(0);
    expect((await status('l1')).status).toBe('complete');
    expect(await startOrder('l1')).toEqual(proto.steps.map((s) => s.id));
  });

  it('range = "1..2^{disks}" with var: one iteration per value, {var} bound in titles', async () => {
    const file = await formula(
      'hanoi',
      `[vars]
disks = "2"
[[steps]]
id = "moves"
[steps.loop]
range = "1..2^{disks}-1"
var = "move"
[[steps.loop.body]]
id = "move"
title = "Move {move}"
run = "true"
`,
    );
    const proto = await cookJson(file);
    expect(proto.steps.map((s) => [s.id, s.title])).toEqual([
      ['moves.iter1.move', 'Move 1'],
      ['moves.iter2.move', 'Move 2'],
      ['moves.iter3.move', 'Move 3'],
    ]);
    expect((await cookJson(file, ['disks=3'])).steps).toHaveLength(7);
    const ran = await run(['run', file, '--id', 'l2']);
    expect(ran.code).toBe(0);
    expect(statuses(await status('l2'))).toEqual({
      'moves.iter1.move': 'completed',
      'moves.iter2.move': 'completed',
      'moves.iter3.move': 'completed',
    });
  });

  // until (controlflow.go validateLoopSpec / expandLoopWithVars): max is required; the body is
  // expanded once, as `<id>.iter1.<body>`, and its first step gets the label
  // loop:{"max":N,"until":"..."} (json.Marshal of a map: keys sorted) for a runtime executor.
  // Neither Beads nor Gas City ships one that reads it, so upstream runs the body once.
  it('until runs the body once, as <id>.iter1, and labels its first step with the loop', async () => {
    const log = join(repo.root, 'until.log');
    const file = await formula(
      'until',
      `[[steps]]
id = "poll"
[steps.loop]
until = "step.status == 'complete'"
max = 3
[[steps.loop.body]]
id = "look"
run = 'echo look >> "$LOG"'
[[steps.loop.body]]
id = "judge"
needs = ["look"]
run = 'echo judge >> "$LOG"'
[[steps]]
id = "report"
needs = ["poll"]
run = 'echo report >> "$LOG"'
`,
    );
    const proto = await cookJson(file);
    expect(proto.steps.map((s) => [s.id, s.needs])).toEqual([
      ['poll.iter1.look', []],
      ['poll.iter1.judge', ['poll.iter1.look']],
      ['report', ['poll.iter1.judge']],
    ]);
    expect(proto.steps[0]?.tags).toEqual(['loop:{"max":3,"until":"step.status == \'complete\'"}']);
    const ran = await run(['run', file, '--id', 'u1'], { LOG: log });
    expect(ran.code).toBe(0);
    expect(statuses(await status('u1'))).toEqual({
      'poll.iter1.look': 'completed',
      'poll.iter1.judge': 'completed',
      report: 'completed',
    });
    expect(await readFile(log, 'utf8')).toBe('look\njudge\nreport\n');
  });

  it('refuses until without max (validateLoopSpec), with file:line:col', async () => {
    const file = await formula(
      'until-nomax',
      `[[steps]]
id = "poll"
[steps.loop]
until = "step.status == 'complete'"
[[steps.loop.body]]
id = "look"
run = "true"
`,
    );
    const cooked = await run(['cook', file]);
    expect(cooked.code).toBe(1);
    expect(cooked.stderr).toMatch(
      /until-nomax\.formula\.toml:5:1: error: loop "poll": max is required when until is set/,
    );
  });
});

describe('Gas City [steps.retry] classes (internal/dispatch/retry.go, processRetryEval / classifyRetryAttempt)', () => {
  // classifyRetryAttempt: a failure classed "transient" is retried; "hard" or no class is hard:
  // the logical step closes failed at once, on_exhausted unused. A transient failure on the last
  // attempt: soft_fail closes the logical step with outcome "pass", hard_fail with "fail".
  // Molecular classes a failure transient when the command or agent exits 75 (EX_TEMPFAIL).
  const text = (onExhausted: string) => `[[steps]]
id = "fetch"
run = 'n=$(cat "$COUNT" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$COUNT"; [ "$n" -ge "$PASS_AT" ] && exit 0; exit "$FAIL_WITH"'
[steps.retry]
max_attempts = 3
on_exhausted = "${onExhausted}"
[[steps]]
id = "use"
needs = ["fetch"]
run = "true"
`;

  it.each([
    // [on_exhausted, exit status of a failure, attempt that passes, fetch status, attempts, molecule]
    ['hard_fail', '75', '2', 'completed', 2, 'complete'],
    ['hard_fail', '75', '9', 'failed', 3, 'failed'],
    ['soft_fail', '75', '9', 'completed', 3, 'complete'],
    ['soft_fail', '1', '2', 'failed', 1, 'failed'],
    ['hard_fail', '2', '9', 'failed', 1, 'failed'],
  ] as const)(
    'on_exhausted %s, failures exit %s, passes at run %s: fetch %s after %i, molecule %s',
    async (onExhausted, exit, passAt, fetch, attempts, molecule) => {
      const count = join(repo.root, 'count');
      const ran = await run(['run', await formula('retried', text(onExhausted)), '--id', 'r1'], {
        COUNT: count,
        PASS_AT: passAt,
        FAIL_WITH: exit,
      });
      expect(ran.code).toBe(molecule === 'complete' ? 0 : 1);
      const m = await status('r1');
      expect(m.status).toBe(molecule);
      expect(m.steps.find((s) => s.id === 'fetch')).toMatchObject({ status: fetch, attempts });
      expect(m.steps.find((s) => s.id === 'use')?.status).toBe(
        molecule === 'complete' ? 'completed' : 'blocked',
      );
      expect((await readFile(count, 'utf8')).trim()).toBe(String(attempts));
    },
  );
});

describe('expansion vars (Gas City internal/formula/expand.go, ApplyExpansionsWithVars / ApplyInlineExpansions / mergeVars / expandStep)', () => {
  // mergeVars: the expansion's var defaults, the rule's `vars` (or a step's `expand_vars`) over
  // them; expandStep fills `{name}` in the template's id, title, description, notes, labels and
  // needs with them, next to {target}. An inline `expand` replaces the step with the template and
  // runs before the compose rules.
  const expansion = `type = "expansion"
[vars]
reviewers = "1"
[[template]]
id = "{target}.draft"
title = "Draft {target.title} for {reviewers} reviewer(s)"
run = "true"
[[template]]
id = "{target}.review"
needs = ["{target}.draft"]
title = "Review by {reviewers}"
run = "true"
`;

  it('compose.expand[].vars overrides the expansion default; the rule without vars keeps it', async () => {
    await formula('drafting', expansion);
    const file = await formula(
      'with-vars',
      `[[steps]]
id = "design"
title = "the design"
[[steps]]
id = "code"
needs = ["design"]
[[steps]]
id = "ship"
needs = ["code"]
run = "true"
[[compose.expand]]
target = "design"
with = "drafting"
vars = { reviewers = "3" }
[[compose.expand]]
target = "code"
with = "drafting"
`,
    );
    const cooked = await run(['cook', file, '--formulas', repo.flows, '--json']);
    expect(cooked.stderr).toBe('');
    const proto = JSON.parse(cooked.stdout) as ProtoJson;
    expect(proto.steps.map((s) => [s.id, s.title, s.needs])).toEqual([
      ['design.draft', 'Draft the design for 3 reviewer(s)', []],
      ['design.review', 'Review by 3', ['design.draft']],
      ['code.draft', 'Draft code for 1 reviewer(s)', ['design.review']],
      ['code.review', 'Review by 1', ['code.draft']],
      ['ship', 'ship', ['code.review']],
    ]);
    const ran = await run(['run', file, '--formulas', repo.flows, '--id', 'x1']);
    expect(ran.code).toBe(0);
    expect(await startOrder('x1')).toEqual(proto.steps.map((s) => s.id));
  });

  it('a step with expand and expand_vars is replaced by the template, filled with those vars', async () => {
    await formula('drafting', expansion);
    const file = await formula(
      'inline',
      `[[steps]]
id = "spec"
expand = "drafting"
expand_vars = { reviewers = "2" }
[[steps]]
id = "after"
needs = ["spec"]
run = "true"
`,
    );
    const cooked = await run(['cook', file, '--formulas', repo.flows, '--json']);
    expect(cooked.stderr).toBe('');
    const proto = JSON.parse(cooked.stdout) as ProtoJson;
    expect(proto.steps.map((s) => [s.id, s.title])).toEqual([
      ['spec.draft', 'Draft spec for 2 reviewer(s)'],
      ['spec.review', 'Review by 2'],
      ['after', 'after'],
    ]);
    const ran = await run(['run', file, '--formulas', repo.flows, '--id', 'x2']);
    expect(ran.code).toBe(0);
    expect(statuses(await status('x2'))).toEqual({
      'spec.draft': 'completed',
      'spec.review': 'completed',
      after: 'completed',
    });
  });
});

describe('gates that block (Beads cmd/bd/cook.go createGateIssue) beside gates judged after the work (Molecular)', () => {
  // createGateIssue: a step's [steps.gate] becomes an issue `<mol>.gate-<step id>` of type gate,
  // with no dependencies of its own, and the step depends on it: the step cannot start until the
  // gate closes. Gate types: gh:run, gh:pr, timer (with timeout), human, mail (types.go Gate).
  it('holds a Beads human gate before its step runs; a Molecular approval gate waits after its step has run', async () => {
    const file = await formula(
      'held',
      `[[steps]]
id = "build"
run = "echo built > built.txt"
[[steps]]
id = "deploy"
needs = ["build"]
run = "echo deployed > deployed.txt"
[steps.gate]
type = "human"
[[steps]]
id = "report"
needs = ["deploy"]
run = "echo reported > reported.txt"
[steps.gate]
type = "approval"
`,
    );
    const proto = await cookJson(file);
    expect(proto.steps.map((s) => [s.id, s.type, s.needs])).toEqual([
      ['build', 'task', []],
      ['gate-deploy', 'gate', []],
      ['deploy', 'task', ['build', 'gate-deploy']],
      ['report', 'task', ['deploy']],
    ]);
    const first = await run(['run', file, '--id', 'b1']);
    expect(first.code).toBe(3);
    let m = await status('b1');
    expect(statuses(m)).toEqual({
      build: 'completed',
      // A gate step has no work: its gate waits at once, with no mol done.
      'gate-deploy': 'awaiting_gate',
      deploy: 'pending',
      report: 'pending',
    });
    await expect(readFile(join(repo.dir, 'deployed.txt'), 'utf8')).rejects.toThrow();

    const approved = await run(['approve', 'b1', 'gate-deploy']);
    expect(approved.code).toBe(3);
    m = await status('b1');
    // deploy ran once its gate passed; report ran and now waits for its approval after its work.
    expect(statuses(m)).toEqual({
      build: 'completed',
      'gate-deploy': 'completed',
      deploy: 'completed',
      report: 'awaiting_gate',
    });
    expect(await readFile(join(repo.dir, 'reported.txt'), 'utf8')).toBe('reported\n');
    expect((await run(['approve', 'b1', 'report'])).code).toBe(0);
    expect((await status('b1')).status).toBe('complete');
  });

  it("turns a Beads timer's timeout and a gh:run's await_id into a gate step before the work", async () => {
    const file = await formula(
      'timed',
      `[[steps]]
id = "cool-down"
run = "true"
gate = { type = "timer", timeout = "30m" }
[[steps]]
id = "publish"
run = "true"
gate = { type = "gh:run", await_id = "release.yml", timeout = "1h" }
`,
    );
    const cooked = await run(['cook', file, '--json']);
    expect(cooked.stderr).toBe('');
    const proto = JSON.parse(cooked.stdout) as {
      steps: Array<{ id: string; needs: string[]; gates: unknown[] }>;
    };
    expect(proto.steps.map((s) => [s.id, s.needs, s.gates])).toEqual([
      ['gate-cool-down', [], [{ type: 'timer', after: '30m' }]],
      ['cool-down', ['gate-cool-down'], []],
      ['gate-publish', [], [{ type: 'checks', names: ['release.yml'], timeout: '1h' }]],
      ['publish', ['gate-publish'], []],
    ]);
  });

  // A mail gate is a gate issue like any other (createGateIssue, AwaitType "mail"), but `bd gate
  // check` has no check for it (cmd/bd/gate.go: the default case skips it with the human gates,
  // "human gates need manual resolution"): it holds its step until someone resolves it by hand.
  it('holds the step behind a mail gate until a person resolves it, as a human gate does', async () => {
    const file = await formula(
      'mailed',
      `[[steps]]
id = "ask"
run = "true"
[[steps]]
id = "act"
needs = ["ask"]
run = "echo acted > acted.txt"
[steps.gate]
type = "mail"
id = "reply-from-mayor"
`,
    );
    const proto = await cookJson(file);
    expect(proto.steps.map((s) => [s.id, s.type, s.needs, s.title])).toEqual([
      ['ask', 'task', [], 'ask'],
      ['gate-act', 'gate', [], 'Gate: mail reply-from-mayor'],
      ['act', 'task', ['ask', 'gate-act'], 'act'],
    ]);
    expect((await run(['run', file, '--id', 'm1'])).code).toBe(3);
    expect(statuses(await status('m1'))).toEqual({
      ask: 'completed',
      'gate-act': 'awaiting_gate',
      act: 'pending',
    });
    await expect(readFile(join(repo.dir, 'acted.txt'), 'utf8')).rejects.toThrow();
    expect((await run(['approve', 'm1', 'gate-act'])).code).toBe(0);
    expect(statuses(await status('m1'))).toEqual({
      ask: 'completed',
      'gate-act': 'completed',
      act: 'completed',
    });
    expect(await readFile(join(repo.dir, 'acted.txt'), 'utf8')).toBe('acted\n');
  });
});

describe('compose.branch and compose.map (Beads controlflow.go ApplyBranches; Gas City expand.go map rules)', () => {
  // ApplyBranches: every step of `steps` needs `from`, `join` needs every step of `steps`.
  // Map rules expand every step whose id matches `select` (MatchGlob), after the expand rules.
  it('wires a fork and a join, and maps an expansion over the steps a glob selects', async () => {
    await formula(
      'checked',
      `type = "expansion"
[[template]]
id = "{target}.do"
run = "true"
[[template]]
id = "{target}.check"
needs = ["{target}.do"]
run = "true"
`,
    );
    const file = await formula(
      'forked',
      `[[steps]]
id = "start"
run = "true"
[[steps]]
id = "part.a"
[[steps]]
id = "part.b"
[[steps]]
id = "end"
run = "true"
[[compose.branch]]
from = "start"
steps = ["part.a", "part.b"]
join = "end"
[[compose.map]]
select = "part.*"
with = "checked"
`,
    );
    const cooked = await run(['cook', file, '--formulas', repo.flows, '--json']);
    expect(cooked.stderr).toBe('');
    const proto = JSON.parse(cooked.stdout) as ProtoJson;
    expect(proto.steps.map((s) => [s.id, s.needs])).toEqual([
      ['start', []],
      ['part.a.do', ['start']],
      ['part.a.check', ['part.a.do']],
      ['part.b.do', ['start']],
      ['part.b.check', ['part.b.do']],
      ['end', ['part.a.check', 'part.b.check']],
    ]);
    const ran = await run(['run', file, '--formulas', repo.flows, '--id', 'f1']);
    expect(ran.code).toBe(0);
    const order = await startOrder('f1');
    expect(order[0]).toBe('start');
    expect(order.at(-1)).toBe('end');
  });
});

describe('what cannot run with upstream meaning yet is refused by name, not ignored', () => {
  // compose.gate (GateRule) and compose.hooks (Hook) are declared in beads internal/formula/types.go
  // and merged by parser.go, but nothing in Beads or Gas City evaluates them: their documented
  // meaning is a runtime that neither ships. Refused, so a formula does not run without its gate.
  it('refuses compose.gate and compose.hooks, each at its key', async () => {
    const file = await formula(
      'refused',
      `[[steps]]
id = "collect"
run = "true"
[[compose.gate]]
before = "collect"
condition = "survey.status == 'complete'"
[[compose.hooks]]
trigger = "label:urgent"
attach = "mol-escalate"
`,
    );
    const cooked = await run(['cook', file]);
    expect(cooked.code).toBe(1);
    expect(cooked.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/refused\.formula\.toml:5:\d+: error: compose\.gate is not supported yet: /),
      expect.stringMatching(/refused\.formula\.toml:8:\d+: error: compose\.hooks is not supported yet: /),
    ]);
    expect((await run(['run', file, '--id', 'n1'])).code).toBe(1);
  });

  // bond_points (types.go BondPoint, Validate; cmd/bd/cook.go lists them as "Bond points"): an id,
  // after_step or before_step (not both) naming a step. Nothing attaches at them upstream.
  it('keeps compose.bond_points on the proto and lists them; checks the step they name', async () => {
    const file = await formula(
      'points',
      `[[steps]]
id = "collect"
run = "true"
[[compose.bond_points]]
id = "after-collect"
after_step = "collect"
`,
    );
    const cooked = await run(['cook', file]);
    expect(cooked.code, cooked.stderr).toBe(0);
    expect(cooked.stdout).toContain('bond point: after-collect (after collect)');
    const ran = await run(['run', file, '--id', 'bp1']);
    expect(ran.code).toBe(0);
    expect(statuses(await status('bp1'))).toEqual({ collect: 'completed' });
    const bad = await formula(
      'bad-points',
      `[[steps]]
id = "collect"
run = "true"
[[compose.bond_points]]
id = "x"
before_step = "nope"
`,
    );
    const refused = await run(['cook', bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /bad-points\.formula\.toml:7:\d+: error: compose\.bond_points "x": before_step names "nope", which is not a step/,
    );
  });

  it('says what a Gas City order, a plugin manifest and a YAML formula are', async () => {
    await mkdir(join(repo.root, 'orders/digest'), { recursive: true });
    const order = join(repo.root, 'orders/digest/order.toml');
    await writeFile(order, '[order]\nformula = "mol-digest"\ngate = "cooldown"\ninterval = "24h"\n');
    const automation = join(repo.root, 'legacy.toml');
    await writeFile(automation, '[automation]\nformula = "mol-digest"\ngate = "cron"\n');
    const plugin = join(repo.root, 'plugin.toml');
    await writeFile(plugin, '[plugin]\nname = "notify"\n');
    const yaml = join(repo.root, 'x.formula.yaml');
    await writeFile(yaml, 'formula: x\nsteps:\n  - id: a\n');
    const said = async (file: string) => {
      const cooked = await run(['cook', file]);
      expect(cooked.code).toBe(1);
      expect(cooked.stderr.trimEnd().split('\n')).toHaveLength(1);
      return cooked.stderr;
    };
    expect(await said(order)).toMatch(/order\.toml:1:1: error: .* is a Gas City order \(.*\), not a formula/);
    expect(await said(automation)).toMatch(
      /legacy\.toml:1:1: error: .* is a Gas City automation \(.*\), not a formula/,
    );
    expect(await said(plugin)).toMatch(/plugin\.toml:1:1: error: .* is a plugin manifest .*, not a formula/);
    expect(await said(yaml)).toMatch(
      /x\.formula\.yaml:1:1: error: .* is YAML: Molecular reads formulas written in TOML/,
    );
  });
});

describe('aspects: Beads pointcuts by type and label, Gas Town [[aspects]] items', () => {
  // Beads internal/formula/advice.go MatchPointcut: glob on the id, type equal to the step's,
  // label among the step's labels, each only when set; MatchAnyPointcut: any pointcut matches.
  // Gas Town internal/formula/parser.go: an aspect formula's [[aspects]] are parallel items.
  it('advises only the steps whose type or label a pointcut names', async () => {
    await formula(
      'audited',
      `type = "aspect"
[[pointcuts]]
type = "verification"
[[pointcuts]]
label = "risky"
[[advice]]
target = "*"
[[advice.after]]
id = "{step.id}.audit"
run = "true"
`,
    );
    const file = await formula(
      'audit-me',
      `[[steps]]
id = "build"
run = "true"
[[steps]]
id = "verify"
type = "verification"
needs = ["build"]
run = "true"
[[steps]]
id = "migrate"
labels = ["risky"]
needs = ["verify"]
run = "true"
[compose]
aspects = ["audited"]
`,
    );
    const cooked = await run(['cook', file, '--formulas', repo.flows, '--json']);
    expect(cooked.stderr).toBe('');
    const proto = JSON.parse(cooked.stdout) as ProtoJson;
    expect(proto.steps.map((s) => s.id)).toEqual([
      'build',
      'verify',
      'verify.audit',
      'migrate',
      'migrate.audit',
    ]);
  });

  it("runs a Gas Town aspect formula's [[aspects]] side by side", async () => {
    const file = await formula(
      'lenses',
      `[[aspects]]
id = "security"
focus = "auth paths"
run = "true"
[[aspects]]
id = "performance"
run = "true"
`,
    );
    const cooked = await run(['cook', file, '--json']);
    expect(cooked.stderr).toBe('');
    const proto = JSON.parse(cooked.stdout) as ProtoJson & { type: string };
    expect(proto.type).toBe('aspect');
    expect(proto.steps.map((s) => [s.id, s.needs])).toEqual([
      ['security', []],
      ['performance', []],
    ]);
    const ran = await run(['run', file, '--id', 'a1']);
    expect(ran.code).toBe(0);
  });
});
