/**
 * The step modes in process, against the fake GitHub and a bare git remote: `step-start` and
 * `step-finish` around an agent's work, a merge conflict between parents' branches, a step that
 * `step` mode cannot do, and a step another live run holds.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentBudgetOutputSchema } from '../../../src/action/modes/agent.js';
import { decodeState } from '../../../src/engine/codec/decode.js';
import type { Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import { type ActionWorld, actionWorld, commandsOutsideFences, labeledPayload } from './fixture.js';

const exec = promisify(execFile);

const AGENTIC = `formula = "agentic"
execution = "distributed"

[[steps]]
id = "design"
title = "Design"
description = "Write the design down, following @Design. Ask @someone if stuck."
acceptance = "design.md says what will be built"
output = "design.md"
gate = { type = "files", paths = ["design.md"] }

[[steps]]
id = "build"
title = "Build"
needs = ["design"]
run = "test -f design.md && echo built > build.txt"
`;

const CONFLICTED = `formula = "conflicted"
execution = "distributed"

[[steps]]
id = "a"
run = "echo from-a > shared.txt"

[[steps]]
id = "b"
run = "echo from-b > shared.txt"

[[steps]]
id = "c"
needs = ["a", "b"]
run = "cat shared.txt"
max_retries = 0
`;

let world: ActionWorld | undefined;

async function openWorld(): Promise<ActionWorld> {
  world = await actionWorld();
  return world;
}

afterEach(async () => {
  if (!world) return;
  expect(world.gh.violations).toEqual([]);
  await world.close();
  world = undefined;
});

async function pour(
  w: ActionWorld,
  formula: string,
  text: string,
  body: string | null = null,
): Promise<Molecule> {
  await w.publish(`.github/formulas/${formula}.formula.toml`, text);
  const { result } = await w.job(
    { mode: 'event' },
    { runId: '100', workspace: w.git.dir, eventName: 'issues', payload: labeledPayload(w, formula, body) },
  );
  expect(result.failure).toBeUndefined();
  return stateOf(w);
}

function stateOf(w: ActionWorld): Molecule {
  const comment = [...w.gh.state.comments.values()].find((c) => c.body.includes('molecular:state'));
  const decoded = decodeState(comment?.body ?? '');
  if (!decoded.ok) throw new Error(decoded.error.message);
  return decoded.value;
}

const writes = (w: ActionWorld) =>
  w.gh.requests.filter((r) => r.method !== 'GET' && r.operationId !== 'graphql').length;

describe('step-start and step-finish around an agent', () => {
  it('prepares the checkout and the prompt, then records the agent work and dispatches the next step', async () => {
    const w = await openWorld();
    await w.publish('docs/design-notes.md', 'Keep each file small.\n');
    await w.publish('.github/molecular.yml', 'context:\n  "@Design": docs/design-notes.md\n');
    const mol = await pour(w, 'agentic', AGENTIC);
    expect(w.gh.state.workflowDispatches.map((d) => d.inputs)).toEqual([
      { molecule: mol.id, step: 'design', base: 'main' },
    ]);
    const workspace = await w.checkout('job-201');

    const started = await w.job(
      { mode: 'step-start', molecule: mol.id, step: 'design' },
      { runId: '201', workspace },
    );
    expect(started.result.failure).toBeUndefined();
    const branch = `molecular/${mol.id}/design`;
    expect(started.result.outputs).toMatchObject({
      molecule: mol.id,
      step: 'design',
      status: 'in_progress',
      branch,
    });
    const prompt = started.result.outputs.prompt ?? '';
    expect(prompt).toContain('# Design');
    expect(prompt).toContain('Write the design down, following @Design.');
    expect(prompt).toContain('## Acceptance\n\ndesign.md says what will be built');
    expect(prompt).toContain('Leave your result in `design.md`.');
    expect(prompt).toContain('### Context @Design (from `docs/design-notes.md`)\n\nKeep each file small.');
    expect(prompt).toContain('@someone (not in the context map of .github/molecular.yml)');
    const head = (await exec('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd: workspace })).stdout.trim();
    expect(head).toBe(branch);
    expect(stateOf(w).steps[0]).toMatchObject({
      status: 'in_progress',
      lease: { holder: 'actions:201', runId: '201' },
    });

    // The agent works in the checkout and commits nothing itself.
    await writeFile(join(workspace, 'design.md'), '# Build a small thing\n');

    const finished = await w.job(
      { mode: 'step-finish', molecule: mol.id, step: 'design' },
      { runId: '201', workspace },
    );
    expect(finished.result.failure).toBeUndefined();
    expect(finished.result.outputs).toMatchObject({ status: 'completed', branch });
    const after = stateOf(w);
    const design = after.steps.find((s) => s.id === 'design');
    expect(design).toMatchObject({ status: 'completed', branch, attempts: 1 });
    expect(design?.checkpoint?.filesModified).toEqual(['design.md']);
    const pushed = (await exec('git', [`--git-dir=${w.git.remote}`, 'rev-parse', branch])).stdout.trim();
    expect(design?.checkpoint?.commit).toBe(pushed);
    expect(w.gh.state.checkRuns.map((c) => [c.name, c.head_sha, c.conclusion])).toEqual([
      ['molecular / agentic / design', pushed, 'success'],
    ]);
    expect(w.gh.state.workflowDispatches.map((d) => d.inputs).at(-1)).toEqual({
      molecule: mol.id,
      step: 'build',
      base: branch,
    });
  });

  it('finishes nothing when its step-start found nothing to do', async () => {
    const w = await openWorld();
    const mol = await pour(w, 'agentic', AGENTIC);
    const first = await w.checkout('job-301');
    await w.job({ mode: 'step-start', molecule: mol.id, step: 'design' }, { runId: '301', workspace: first });

    // Another job for the same step while run 301 holds it: it leaves the step alone.
    const second = await w.checkout('job-302');
    const before = w.gh.requests.length;
    const refused = await w.job(
      { mode: 'step-start', molecule: mol.id, step: 'design' },
      { runId: '302', workspace: second },
    );
    expect(refused.result.failure).toBeUndefined();
    expect(refused.result.outputs).toMatchObject({ status: 'in_progress' });
    expect(refused.result.outputs.prompt).toBeUndefined();
    expect(refused.io.lines('notice').join('\n')).toMatch(/held by "actions:301".*this job leaves it alone/);
    const finished = await w.job(
      { mode: 'step-finish', molecule: mol.id, step: 'design' },
      { runId: '302', workspace: second },
    );
    expect(finished.result.failure).toBeUndefined();
    expect(finished.io.lines('notice').join('\n')).toContain('nothing to finish');
    // The refused start took and gave back the lock; the state itself was not written.
    expect(
      w.gh.requests.slice(before).filter((r) => r.path.includes('/issues/comments/') && r.method === 'PATCH'),
    ).toEqual([]);
    expect(stateOf(w).steps[0]).toMatchObject({ status: 'in_progress', lease: { runId: '301' } });
  });

  it('refuses a step without a run command in step mode, changing nothing', async () => {
    const w = await openWorld();
    const mol = await pour(w, 'agentic', AGENTIC);
    const before = writes(w);
    const workspace = await w.checkout('job-401');
    const { result } = await w.job(
      { mode: 'step', molecule: mol.id, step: 'design' },
      { runId: '401', workspace },
    );
    expect(result.failure).toMatch(
      /has no run command, so mode "step" cannot do it: .*step-start.*step-finish/,
    );
    expect(writes(w)).toBe(before);
    expect(stateOf(w).steps[0]?.status).toBe('ready');
  });
});

describe('step mode on a fork-join whose parents conflict', () => {
  it('fails the joining step and names the conflicting path', async () => {
    const w = await openWorld();
    const mol = await pour(w, 'conflicted', CONFLICTED);
    for (const [step, runId] of [
      ['a', '501'],
      ['b', '502'],
    ] as const) {
      const done = await w.job(
        { mode: 'step', molecule: mol.id, step },
        { runId, workspace: await w.checkout(`job-${runId}`) },
      );
      expect(done.result.failure).toBeUndefined();
      expect(done.result.outputs.status).toBe('completed');
    }
    const joined = await w.job(
      { mode: 'step', molecule: mol.id, step: 'c' },
      { runId: '503', workspace: await w.checkout('job-503') },
    );
    expect(joined.result.failure).toMatch(
      /failed before it started: merging molecular\/.*\/b conflicts in shared\.txt/,
    );
    expect(joined.io.said.filter((s) => s.level === 'error').map((s) => s.place?.file)).toEqual([
      'shared.txt',
    ]);
    const after = stateOf(w);
    expect(after.steps.find((s) => s.id === 'c')).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('shared.txt'),
    });
    expect(after.status).toBe('failed');
  });
});

describe('step mode when the work cannot be recorded', () => {
  it('fails the step when its branch cannot be pushed, so its retries apply', async () => {
    const w = await openWorld();
    const mol = await pour(
      w,
      'solo',
      'formula = "solo"\nexecution = "distributed"\n\n[[steps]]\nid = "only"\nrun = "echo done > out.txt"\nmax_retries = 1\n',
    );
    const workspace = await w.checkout('job-601');
    await exec('git', ['remote', 'set-url', '--push', 'origin', join(w.git.root, 'no-such-remote.git')], {
      cwd: workspace,
    });
    const dispatched = w.gh.state.workflowDispatches.length;
    const { result } = await w.job(
      { mode: 'step', molecule: mol.id, step: 'only' },
      { runId: '601', workspace },
    );
    expect(result.failure).toMatch(
      /^step "only" failed \(it will be retried\): pushing molecular\/.+\/only to origin failed/,
    );
    expect(result.outputs.status).toBe('ready');
    expect(stateOf(w).steps[0]).toMatchObject({
      status: 'ready',
      attempts: 1,
      error: expect.stringContaining('pushing'),
    });
    expect(w.gh.state.workflowDispatches.slice(dispatched).map((d) => d.inputs.step)).toEqual(['only']);
  });
});

const HOSTILE = `formula = "hostile"
execution = "distributed"

[vars.title]
required = true

[[steps]]
id = "echo"
title = "Echo {{title}}"
description = "Work on {{title}}."
run = 'printf "%s\\n" "$MOL_VAR_TITLE"'
gate = { type = "command", run = 'printf "%s\\n" "$MOL_VAR_TITLE"' }

[[steps]]
id = "agent"
needs = ["echo"]
title = "Agent on {{title}}"
`;

describe('text from the issue in the log', () => {
  it('never reaches the runner as a workflow command, in step and step-start modes', async () => {
    const w = await openWorld();
    const evil =
      'x\\n::add-mask::leak\\n::error title=pwned::pwned\\n##[set-output name=a;]b\\n::stop-commands::guess';
    const body = `Please do it.\n\n\`\`\`mol-vars\ntitle = "${evil}"\n\`\`\`\n`;
    const mol = await pour(w, 'hostile', HOSTILE, body);
    expect(mol.vars.title).toContain('\n::add-mask::leak\n');

    const step = await w.job(
      { mode: 'step', molecule: mol.id, step: 'echo' },
      { runId: '301', workspace: await w.checkout('job-301') },
    );
    expect(step.result.failure).toBeUndefined();
    const start = await w.job(
      { mode: 'step-start', molecule: mol.id, step: 'agent' },
      { runId: '302', workspace: await w.checkout('job-302') },
    );
    expect(start.result.failure).toBeUndefined();
    expect(start.result.outputs.prompt).toContain('::add-mask::leak');

    for (const { io } of [step, start]) {
      // The hostile lines were printed (prompt, command and gate output), but only inside fences.
      expect(io.log.match(/^::add-mask::leak$/gm)?.length ?? 0).toBeGreaterThanOrEqual(
        io === step.io ? 3 : 1,
      );
      expect(commandsOutsideFences(io.log)).toEqual([]);
      const tokens = [...io.log.matchAll(/^::stop-commands::([0-9a-f]+)$/gm)].map((m) => m[1]);
      expect(tokens.length).toBeGreaterThan(0);
      expect(new Set(tokens).size).toBe(tokens.length);
      for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{32}$/);
    }
  });
});

describe('prices on GitHub', () => {
  it("step-start's budget output carries the config's prices to the agent job", async () => {
    const w = await openWorld();
    await w.publish('.github/molecular.yml', 'prices:\n  codex: { input: 2, output: 20 }\n');
    const mol = await pour(
      w,
      'priced',
      `formula = "priced"\nexecution = "distributed"\nbudget = { usd = 1 }\n\n[[steps]]\nid = "work"\ntitle = "Work"\nagent = "codex"\n`,
    );
    const start = await w.job(
      { mode: 'step-start', molecule: mol.id, step: 'work' },
      { runId: '401', workspace: await w.checkout('job-401') },
    );
    expect(start.result.failure).toBeUndefined();
    const budget = AgentBudgetOutputSchema.parse(JSON.parse(start.result.outputs.budget ?? ''));
    expect(budget).toMatchObject({
      step: 'work',
      budgets: { molecule: { usd: 1 } },
      prices: { codex: { input: 2, output: 20 } },
    });
  });
});
