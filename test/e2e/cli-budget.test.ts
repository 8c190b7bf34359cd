/**
 * Budgets through the real `mol` binary and real git. The agents are `claude`, `codex`, `gemini`
 * and `opencode` on the PATH, each test/helpers/fake-spender.mjs speaking that CLI's documented
 * JSON output (and refusing to run without the flag that selects it), so the presets' own command
 * lines are what runs. A fake that should be stopped on a turn waits 20 s after it (FAKE_HOLD_AFTER):
 * had the runner not stopped it on that reading, more turns would be recorded.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, mol, useCliRepo } from '../helpers/cli.js';

const SPENDER = resolve(import.meta.dirname, '../helpers/fake-spender.mjs');
const SLOW = { timeout: 240_000 };

interface Usage {
  tokens_in?: number;
  tokens_out?: number;
  cost_usd?: number;
  turns?: number;
  time_ms?: number;
}
interface StepJson {
  id: string;
  status: string;
  attempts: number;
  error?: string;
  usage?: Usage;
  budget?: Record<string, unknown> & { left: Record<string, number> };
  checkpoint?: { commit?: string; usage?: Usage; notes: string };
}
interface MolJson {
  id: string;
  status: string;
  steps: StepJson[];
  usage: Usage;
  budget?: Record<string, unknown> & { left: Record<string, number> };
  budgetStop?: { step: string; message: string };
}

let bin: string;

const { cli, repo } = useCliRepo(async (repo) => {
  bin = join(repo.root, 'bin');
  await mkdir(bin);
  for (const name of ['claude', 'codex', 'gemini', 'opencode']) {
    const path = join(bin, name);
    await writeFile(path, `#!/bin/sh\nexec '${process.execPath}' '${SPENDER}' ${name} "$@"\n`);
    await chmod(path, 0o755);
  }
});

async function formula(name: string, toml: string): Promise<string> {
  const path = join(repo.flows, `${name}.formula.toml`);
  await writeFile(path, toml);
  return path;
}
const run = (args: string[], env: Record<string, string> = {}) =>
  mol(cli, args, { cwd: repo.dir, env: { PATH: `${bin}:${process.env.PATH}`, ...env } });
const status = async (id: string) => json<MolJson>(await run(['status', id, '--json']));
const step = (m: MolJson, id: string) => m.steps.find((s) => s.id === id) as StepJson;

describe('budgets, local', SLOW, () => {
  it('stops an opencode agent on the reading that reaches the USD limit, keeps its WIP, pauses; a raise lets it finish and the totals add up', async () => {
    const file = await formula(
      'usd',
      `formula = "usd"
budget = { usd = 0.025 }
[[steps]]
id = "work"
agent = "opencode"
`,
    );
    const first = await run(['run', file, '--id', 'usd1'], { FAKE_TURNS: '5', FAKE_HOLD_AFTER: '3' });
    expect(first.code).toBe(3);
    expect(first.stdout).toContain('mol budget usd1');
    let m = await status('usd1');
    expect(m.status).toBe('paused');
    const work = step(m, 'work');
    expect(work.status).toBe('ready');
    expect(work.error).toContain("the molecule's usd budget is spent: $0.03 of $0.025");
    // Three step_finish readings, no more: stopped within one reading of the limit.
    expect(work.usage).toMatchObject({ cost_usd: 0.03, turns: 3, tokens_in: 3000, tokens_out: 300 });
    expect(m.budget?.left).toEqual({ usd: 0 });
    const kept = 'refs/molecular/attempts/usd1/work/1';
    // The WIP commit (under the set-aside snapshot of the tree) is on the attempt ref.
    expect(await repo.git(['log', '-3', '--format=%s', kept])).toMatch(
      /^WIP work \(usd1\): the molecule's usd budget/m,
    );
    expect(await repo.git(['show', `${kept}:work/work.txt`])).toBe('work in progress of work');
    expect(work.error).toContain(kept);

    // Nothing starts while the budget is spent.
    const again = await run(['run', 'usd1'], { FAKE_TURNS: '5' });
    expect(again.code).toBe(3);
    expect(step(await status('usd1'), 'work').usage?.turns).toBe(3);

    const raised = await run(['budget', 'usd1', 'usd=1'], { FAKE_TURNS: '5' });
    expect(raised.code).toBe(0);
    m = await status('usd1');
    expect(m.status).toBe('complete');
    const done = step(m, 'work');
    expect(done.attempts).toBe(2);
    // Both attempts count against the one budget.
    expect(done.usage).toMatchObject({ cost_usd: 0.08, turns: 8, tokens_in: 8000, tokens_out: 800 });
    expect(done.checkpoint?.usage).toMatchObject({ cost_usd: 0.05, turns: 5 });
    expect(m.usage).toMatchObject({ cost_usd: 0.08, turns: 8 });
    expect(m.budget).toMatchObject({ usd: 1, left: { usd: 0.92 } });
    const table = (await run(['status', 'usd1'])).stdout;
    expect(table).toMatch(/usage: 8\.8k tokens, \$0\.08, 8 turns/);
    expect(table).toMatch(/TOKENS\s+COST/);
  });

  it("stops a claude agent on a step's token limit; --step raises that step's budget", async () => {
    const file = await formula(
      'tokens',
      `formula = "tokens"
[[steps]]
id = "work"
agent = "claude"
budget = { tokens = 2_500 }
`,
    );
    const first = await run(['run', file, '--id', 'tok1', '--verbose'], {
      FAKE_TURNS: '4',
      FAKE_HOLD_AFTER: '3',
    });
    expect(first.code).toBe(3);
    // The log shows the agent's text, not its JSON.
    expect(first.stderr).toContain('turn 2 of work');
    expect(first.stderr).not.toContain('"type":"assistant"');
    const work = step(await status('tok1'), 'work');
    expect(work.error).toContain("the step's tokens budget is spent: 3300 tokens of 2500 tokens");
    expect(work.usage).toMatchObject({ tokens_in: 3000, tokens_out: 300, turns: 3 });
    expect(work.budget).toMatchObject({ tokens: 2500, left: { tokens: 0 } });

    const raised = await run(['budget', 'tok1', 'tokens=100000', '--step', 'work'], { FAKE_TURNS: '2' });
    expect(raised.code).toBe(0);
    const done = step(await status('tok1'), 'work');
    expect(done.status).toBe('completed');
    // The result message's totals: two turns, $0.02 reported by the CLI.
    expect(done.checkpoint?.usage).toMatchObject({
      tokens_in: 2000,
      tokens_out: 200,
      turns: 2,
      cost_usd: 0.02,
    });
    expect(done.usage).toMatchObject({ tokens_in: 5000, tokens_out: 500, turns: 5 });
  });

  it('stops a codex agent on the turn limit and a file-reporting agent on the time limit', async () => {
    const turns = await formula(
      'turns',
      `formula = "turns"
budget = { turns = 2 }
[[steps]]
id = "work"
agent = "codex"
`,
    );
    expect((await run(['run', turns, '--id', 'turn1'], { FAKE_TURNS: '4', FAKE_HOLD_AFTER: '2' })).code).toBe(
      3,
    );
    const work = step(await status('turn1'), 'work');
    expect(work.error).toContain("the molecule's turns budget is spent: 2 turns of 2 turns");
    expect(work.usage).toMatchObject({ turns: 2, tokens_in: 2000, tokens_out: 200 });

    const time = await formula(
      'time',
      `formula = "time"
[[steps]]
id = "work"
agent = "'${process.execPath}' '${SPENDER}' file"
usage = "file"
budget = { time = "3s", usd = 5 }
`,
    );
    expect((await run(['run', time, '--id', 'time1'], { FAKE_TURNS: '2', FAKE_HANG: '1' })).code).toBe(3);
    const m = await status('time1');
    expect(m.status).toBe('paused');
    const hung = step(m, 'work');
    expect(hung.error).toMatch(/the step's time budget is spent: [34]s of 3s/);
    // What it appended to $MOL_USAGE_FILE before it hung is recorded.
    expect(hung.usage).toMatchObject({ cost_usd: 0.02, turns: 2, tokens_in: 2000 });
    expect(hung.usage?.time_ms).toBeGreaterThanOrEqual(3000);
  });

  it("costs codex's tokens from the prices in .github/molecular.yml: a usd budget stops it at the limit; without a price it is refused before it starts, naming prices", async () => {
    const file = await formula(
      'priced',
      `formula = "priced"
budget = { usd = 0.01 }
[[steps]]
id = "work"
agent = "codex"
`,
    );
    const log = join(repo.flows, 'spender.jsonl');
    // No price for codex (only for another model): refused before it starts, saying what to add.
    await repo.write('.github/molecular.yml', 'prices:\n  gpt-5: { input: 1.25, output: 10 }\n');
    expect((await run(['run', file, '--id', 'unpriced'], { FAKE_SPENDER_LOG: log })).code).toBe(3);
    expect(existsSync(log)).toBe(false);
    const refused = step(await status('unpriced'), 'work').error ?? '';
    expect(refused).toMatch(/its budget limits usd, but what agent "codex" spends in usd cannot be read/);
    expect(refused).toContain('.github/molecular.yml: prices: { codex: { input: <USD>, output: <USD> } }');

    // USD 2 and 20 per million tokens: each turn's 1000 in and 100 out cost $0.004, so the third
    // turn's reading reaches $0.01 and the agent is stopped there (it would wait 20 s, then go on).
    await repo.write(
      '.github/molecular.yml',
      'prices:\n  gpt-5: { input: 1.25, output: 10 }\n  codex: { input: 2, output: 20 }\n',
    );
    const first = await run(['run', file, '--id', 'priced1'], { FAKE_TURNS: '5', FAKE_HOLD_AFTER: '3' });
    expect(first.code).toBe(3);
    let m = await status('priced1');
    expect(m.status).toBe('paused');
    const work = step(m, 'work');
    expect(work.error).toContain("the molecule's usd budget is spent: $0.012 of $0.01");
    expect(work.usage).toMatchObject({ cost_usd: 0.012, turns: 3, tokens_in: 3000, tokens_out: 300 });
    // With the model named, its price wins over the preset's: 5 turns at $0.00225.
    expect(
      (await run(['budget', 'priced1', 'usd=1', '--agent', 'codex -m gpt-5'], { FAKE_TURNS: '5' })).code,
    ).toBe(0);
    m = await status('priced1');
    expect(m.status).toBe('complete');
    expect(step(m, 'work').checkpoint?.usage).toMatchObject({ cost_usd: 0.01125, turns: 5 });
    expect(m.usage).toMatchObject({ cost_usd: 0.02325, turns: 8 });

    // A price table that is there but wrong: one line naming the entry, and nothing is poured.
    await repo.write('.github/molecular.yml', 'prices:\n  codex: { input: 2 }\n');
    const bad = await run(['run', file, '--id', 'badprice']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.trim()).toBe(
      '.github/molecular.yml:2:10: error: "prices.codex.output" must be a number of at least 0 (USD per million tokens)',
    );
    expect((await run(['status', 'badprice'])).code).not.toBe(0);
  });

  it('refuses to start a budgeted agent whose usage cannot be read, saying how to make it readable', async () => {
    const marker = join(repo.flows, 'ran.txt');
    const file = await formula(
      'blind',
      `formula = "blind"
budget = { usd = 1 }
[[steps]]
id = "plain"
agent = "touch '${marker}'"
[[steps]]
id = "gem"
needs = ["plain"]
agent = "gemini"
`,
    );
    const result = await run(['run', file, '--id', 'blind1']);
    expect(result.code).toBe(3);
    expect(existsSync(marker)).toBe(false);
    const m = await status('blind1');
    expect(m.status).toBe('paused');
    expect(step(m, 'plain').error).toContain('usage = "file"');
    expect(step(m, 'plain').error).toContain('$MOL_USAGE_FILE');
    // gemini reports tokens but no cost: a USD budget cannot hold on it either.
    const log = join(repo.flows, 'spender.jsonl');
    await writeFile(
      join(repo.flows, 'blind2.formula.toml'),
      `formula = "blind2"\nbudget = { usd = 1 }\n[[steps]]\nid = "gem"\nagent = "gemini"\n`,
    );
    expect(
      (
        await run(['run', join(repo.flows, 'blind2.formula.toml'), '--id', 'blind2'], {
          FAKE_SPENDER_LOG: log,
        })
      ).code,
    ).toBe(3);
    expect(existsSync(log)).toBe(false);
    expect(step(await status('blind2'), 'gem').error).toMatch(
      /its budget limits usd, but what agent "gemini" spends in usd cannot be read/,
    );
  });

  it('records usage without a budget, from gemini and from $MOL_USAGE_FILE, and adds it up over steps', async () => {
    const file = await formula(
      'sum',
      `formula = "sum"
[[steps]]
id = "a"
agent = "gemini"
[[steps]]
id = "b"
needs = ["a"]
agent = "'${process.execPath}' '${SPENDER}' file"
`,
    );
    expect((await run(['run', file, '--id', 'sum1'], { FAKE_TURNS: '2' })).code).toBe(0);
    const m = await status('sum1');
    expect(step(m, 'a').usage).toMatchObject({ tokens_in: 2000, tokens_out: 200 });
    expect(step(m, 'b').usage).toMatchObject({ tokens_in: 2000, tokens_out: 200, cost_usd: 0.02, turns: 2 });
    expect(m.usage).toMatchObject({ tokens_in: 4000, tokens_out: 400, cost_usd: 0.02, turns: 2 });
    expect(m.budget).toBeUndefined();
  });

  it('mol run --budget gives a new molecule a default budget where the formula sets none', async () => {
    const file = await formula(
      'dflt',
      `formula = "dflt"\nbudget = { turns = 50 }\n[[steps]]\nid = "work"\nagent = "opencode"\n`,
    );
    const result = await run(['run', file, '--id', 'dflt1', '--budget', 'usd=0.015,turns=1'], {
      FAKE_TURNS: '4',
      FAKE_HOLD_AFTER: '2',
    });
    expect(result.code).toBe(3);
    const m = await status('dflt1');
    // The formula's turns limit wins over the default; the default's usd holds.
    expect(m.budget).toMatchObject({ turns: 50, usd: 0.015 });
    expect(step(m, 'work').error).toContain('usd budget is spent: $0.02 of $0.015');
  });
});

describe('built-in formulas with --agent', SLOW, () => {
  it('mol-inspector-verify runs with one agent for every agent step, advocate and criticize side by side', async () => {
    const meet = join(repo.flows, 'meet');
    await mkdir(meet);
    const agent = join(repo.flows, 'inspector-agent.sh');
    // Writes the step's output; advocate and criticize each wait (up to 60 s) until the other has started.
    await writeFile(
      agent,
      `#!/bin/sh
cat > /dev/null
touch '${meet}'/"$MOL_STEP"
case "$MOL_STEP" in
  advocate) other=criticize ;;
  criticize) other=advocate ;;
  *) other= ;;
esac
if [ -n "$other" ]; then
  i=0
  while [ ! -e '${meet}'/"$other" ]; do
    i=$((i+1)); [ $i -gt 600 ] && { echo "$other never ran beside $MOL_STEP"; exit 1; }
    sleep 0.1
  done
fi
mkdir -p verification
echo "$MOL_STEP: PASS" > verification/$MOL_STEP.md
`,
    );
    await chmod(agent, 0o755);
    const result = await run([
      'run',
      'mol-inspector-verify',
      '--id',
      'insp1',
      '--agent',
      agent,
      '--jobs',
      '2',
      '--var',
      'test_command=true',
    ]);
    expect(result.stderr).not.toContain('has no effect');
    expect(result.code).toBe(0);
    const m = await status('insp1');
    expect(m.status).toBe('complete');
    expect(m.steps.map((s) => s.status)).toEqual(m.steps.map(() => 'completed'));
    expect(await readFile(join(meet, 'advocate'), 'utf8')).toBe('');
  });
});
