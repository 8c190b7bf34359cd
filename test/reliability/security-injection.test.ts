/**
 * No shell injection from variables (issue 6). Variable values come from issue text; they reach a
 * command only as `MOL_VAR_<NAME>`, never spliced into it. Shown three ways:
 *
 * - cook refuses `{{var}}` in every place that becomes a command (step, gate, convoy leg,
 *   synthesis, overlay), and never leaves a variable's value inside a command, whatever the
 *   formula (fuzzed with hostile values);
 * - `mol run` (the CLI, a real process) with hostile values: nothing they name runs, the command
 *   sees them verbatim;
 * - the step protocol (both halves around the command) with the same values.
 *
 * The values are the classics, aimed at canaries in a temp folder (`; rm -rf ~` aimed at the real
 * home would be a test that destroys the machine when it finds the bug).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cook } from '../../src/engine/cook/cook.js';
import type { ProtoStep } from '../../src/engine/cook/proto.js';
import { parseFormula } from '../../src/engine/formula/parse-formula.js';
import { finishStep } from '../../src/shell/step/finish-step.js';
import { runStepCommand } from '../../src/shell/step/run-step-command.js';
import { startStep } from '../../src/shell/step/start-step.js';
import { stepJob } from '../../src/shell/step/step-job.js';
import { describeFailure, runFuzz } from '../helpers/chaos/fuzz.js';
import { recordResult } from '../helpers/chaos/report.js';
import { fuzzRuns, seedOf, timeoutFor } from '../helpers/chaos/scale.js';
import { type BuiltCli, buildCli, mol } from '../helpers/cli.js';
import { makeProto, pourMol } from '../helpers/engine-fixtures.js';
import { makeTempRepo, type TempRepo } from '../helpers/git.js';
import { MemoryStore } from '../helpers/memory-store.js';
import { testStepHost } from '../helpers/step-host.js';

let repo: TempRepo;
let cli: BuiltCli;
let canary: string;
let pwned: string;

/** Each hostile value, aimed at the canary folder and the pwned marker of this run. */
function hostileValues(): string[] {
  return [
    `$(touch ${pwned})`,
    `\`touch ${pwned}\``,
    `; rm -rf ${canary}`,
    `'; touch ${pwned}; '`,
    `"; touch ${pwned}; "`,
    `x\ntouch ${pwned}`,
    `$(rm -rf ${canary})`,
    `| touch ${pwned}`,
    `&& touch ${pwned}`,
    `\${IFS}touch\${IFS}${pwned}`,
  ];
}

beforeAll(async () => {
  repo = await makeTempRepo();
  cli = await buildCli();
  canary = join(repo.root, 'canary');
  pwned = join(repo.root, 'PWNED');
  await mkdir(canary);
  await writeFile(join(canary, 'alive.txt'), 'alive\n');
}, 60_000);

afterAll(async () => {
  await repo?.cleanup();
  await cli?.cleanup();
});

const intact = () => !existsSync(pwned) && existsSync(join(canary, 'alive.txt'));

describe('{{var}} never becomes part of a command', () => {
  const places: Array<[string, string]> = [
    ['a step run', 'formula = "f"\n[vars.x]\ndefault = "a"\n[[steps]]\nid = "s"\nrun = "echo {{x}}"\n'],
    [
      'a gate command',
      'formula = "f"\n[vars.x]\ndefault = "a"\n[[steps]]\nid = "s"\nrun = "true"\ngate = { type = "command", run = "test {{x}}" }\n',
    ],
    [
      'a convoy leg',
      'formula = "f"\ntype = "convoy"\n[vars.x]\ndefault = "a"\n[[legs]]\nid = "l"\nrun = "echo {{x}}"\n[synthesis]\nid = "s"\n',
    ],
    [
      'a synthesis',
      'formula = "f"\ntype = "convoy"\n[vars.x]\ndefault = "a"\n[[legs]]\nid = "l"\n[synthesis]\nid = "s"\nrun = "echo {{x}}"\n',
    ],
    [
      'a run with spaces in the braces',
      'formula = "f"\n[vars.x]\ndefault = "a"\n[[steps]]\nid = "s"\nrun = "echo {{ x }}"\n',
    ],
  ];
  it.each(places)('is refused in %s, with a place and a sentence', (_where, text) => {
    const parsed = parseFormula(text, 'f.formula.toml');
    const cooked = parsed.ok ? cook(parsed.value, { vars: { x: `$(touch ${pwned})` } }) : parsed;
    expect(cooked.ok).toBe(false);
    if (cooked.ok) return;
    expect(cooked.error.message).toMatch(
      /\{\{ ?x ?\}\}.*MOL_VAR_X|variables reach commands only as environment variables/,
    );
    expect(cooked.error.line).toBeGreaterThan(0);
  });

  it(
    'fuzzed: whatever the formula, no variable value ends up inside a cooked command',
    () => {
      const MARK = 'ZQXJ';
      let cookedCommands = 0;
      const placeholder = fc.constantFrom(
        '{{x}}',
        '{{ x }}',
        '{{y}}',
        '{target.title}',
        '{target}',
        '{step.id}',
        '$MOL_VAR_X',
        'x',
      );
      const command = fc
        .array(fc.oneof(placeholder, fc.constantFrom('echo ', ' ', ';', 'test -f ')), { maxLength: 5 })
        .map((p) => p.join(''));
      const text = fc
        .array(fc.oneof(placeholder, fc.constantFrom('Deploy ', ' ', 'a')), { maxLength: 3 })
        .map((p) => p.join(''));
      const details = runFuzz({
        name: 'injection: variable values never inside a cooked command',
        tried:
          'formulas whose step titles, ids, run and gate commands, expansion templates and aspects mix {{var}}, {target.*} and {step.*} placeholders, cooked with values carrying a marker',
        held: 'every cook either refuses the formula or yields commands that contain no variable value',
        runs: fuzzRuns(300),
        seed: seedOf(),
        arbitrary: fc.record({
          title: text,
          id: fc.constantFrom('s', '{{x}}', 'a{{y}}'),
          run: command,
          gate: command,
          tmplRun: command,
          tmplTitle: text,
          withTemplate: fc.boolean(),
        }),
        check: (f) => {
          const steps = `[[steps]]\nid = ${JSON.stringify(f.id)}\ntitle = ${JSON.stringify(f.title)}\nrun = ${JSON.stringify(f.run)}\ngate = { type = "command", run = ${JSON.stringify(f.gate)} }\n`;
          const compose = f.withTemplate
            ? `[compose]\nexpand = [{ target = ${JSON.stringify(f.id)}, with = "tmpl" }]\n`
            : '';
          const main = parseFormula(
            `formula = "f"\n[vars.x]\ndefault = "d"\n[vars.y]\ndefault = "e"\n${steps}${compose}`,
            'f.formula.toml',
          );
          const tmpl = parseFormula(
            `formula = "tmpl"\ntype = "expansion"\n[[template]]\nid = "{target}.t"\ntitle = ${JSON.stringify(f.tmplTitle)}\nrun = ${JSON.stringify(f.tmplRun)}\n`,
            'tmpl.formula.toml',
          );
          if (!main.ok || !tmpl.ok) return;
          const cooked = cook(main.value, {
            vars: { x: `${MARK}$(touch ${pwned})`, y: `${MARK};rm -rf ${canary}` },
            library: { get: (name) => (name === 'tmpl' ? tmpl.value : undefined) },
          });
          if (!cooked.ok) return;
          cookedCommands++;
          for (const step of cooked.value.proto.steps as ProtoStep[]) {
            expect(step.run ?? '').not.toContain(MARK);
            for (const gate of step.gates) if (gate.type === 'command') expect(gate.run).not.toContain(MARK);
          }
        },
      });
      expect(details.failed, describeFailure(details)).toBe(false);
      // Not vacuous: many formulas cooked (the rest were refused for a placeholder in a command).
      expect(cookedCommands).toBeGreaterThan(details.numRuns / 10);
    },
    timeoutFor(fuzzRuns(300), 5),
  );
});

describe('hostile variable values stay inert when the command runs', () => {
  it('through `mol run` (the CLI as a process)', async () => {
    const values = hostileValues();
    const formula = join(repo.root, 'echo.formula.toml');
    await writeFile(
      formula,
      `formula = "echo"\n[vars.x]\nrequired = true\n[[steps]]\nid = "say"\nrun = "printf '%s' \\"$MOL_VAR_X\\" > '${join(repo.root, 'seen.txt')}'"\n`,
    );
    const failures: string[] = [];
    for (const [i, value] of values.entries()) {
      const ran = await mol(cli, ['run', formula, '--id', `inj-${i}`, '--var', `x=${value}`], {
        cwd: repo.dir,
      });
      const seen = await readFile(join(repo.root, 'seen.txt'), 'utf8').catch(() => '<none>');
      if (ran.code !== 0) failures.push(`${JSON.stringify(value)}: exit ${ran.code}: ${ran.stderr}`);
      if (seen !== value) failures.push(`${JSON.stringify(value)}: the command saw ${JSON.stringify(seen)}`);
      if (!intact()) failures.push(`${JSON.stringify(value)}: EXECUTED`);
    }
    // And the formula that splices it is refused before anything runs.
    const spliced = join(repo.root, 'splice.formula.toml');
    await writeFile(
      spliced,
      'formula = "splice"\n[vars.x]\nrequired = true\n[[steps]]\nid = "say"\nrun = "echo {{x}}"\n',
    );
    const refused = await mol(cli, ['run', spliced, '--var', `x=$(touch ${pwned})`], { cwd: repo.dir });
    if (refused.code !== 1 || !/splice\.formula\.toml:\d+:\d+: error: .*\{\{x\}\}/.test(refused.stderr)) {
      failures.push(`{{x}} in run: exit ${refused.code}, ${refused.stderr}`);
    }
    if (!intact()) failures.push('{{x}} in run: EXECUTED');
    recordResult({
      area: 'security',
      name: 'injection: hostile vars through `mol run`',
      tried: `${values.length} hostile values ($(…), backticks, ; rm -rf, quote breaks, newline, pipes, \${IFS}) as --var of a formula whose command prints "$MOL_VAR_X"; and a formula splicing {{x}} into run`,
      runs: values.length + 1,
      failures: failures.length,
      held:
        failures.length === 0
          ? 'every value reached the command verbatim and ran nothing; the splicing formula was refused at file:line:col before anything ran; canary and marker untouched'
          : failures.slice(0, 3).join(' | '),
    });
    expect(failures).toEqual([]);
  }, 120_000);

  it('through the step protocol', async () => {
    const values = hostileValues();
    const failures: string[] = [];
    for (const [i, value] of values.entries()) {
      const step: ProtoStep = {
        id: 'say',
        title: `say ${value}`,
        description: value,
        needs: [],
        type: 'task',
        gates: [{ type: 'command', run: `test "$MOL_VAR_X" = "$(cat said.txt)"` }],
        trigger: 'all_success',
        run: `printf '%s' "$MOL_VAR_X" > said.txt`,
      };
      const proto = makeProto([step]);
      const store = new MemoryStore();
      const { mol } = pourMol(proto, { id: `runner-${i}`, vars: { x: value } });
      await store.create(mol);
      const host = testStepHost(store, repo, { env: process.env, now: () => new Date() });
      const job = stepJob(host, mol, proto, 'say');
      if (!job.ok) throw new Error(job.error.message);
      const started = await startStep(job.value);
      if (!started.ok || started.value.kind !== 'started') throw new Error(JSON.stringify(started));
      const { checkout } = started.value;
      const finished = await finishStep({
        job: started.value.job,
        checkout,
        ran: await runStepCommand(started.value.job, checkout),
      });
      if (!finished.ok) throw new Error(finished.error.message);
      const outcome = finished.value.outcome;
      if (outcome.status !== 'completed')
        failures.push(`${JSON.stringify(value)}: ${outcome.status} ${outcome.error?.message ?? ''}`);
      if (outcome.gates[0]?.passed !== true)
        failures.push(`${JSON.stringify(value)}: the gate did not see the same value`);
      if (!intact()) failures.push(`${JSON.stringify(value)}: EXECUTED`);
    }
    recordResult({
      area: 'security',
      name: 'injection: hostile vars through the step protocol',
      tried: `the same ${values.length} values as a step's vars, also in its title (the commit message) and description, with a command gate comparing what the command wrote`,
      runs: values.length,
      failures: failures.length,
      held:
        failures.length === 0
          ? 'every step completed with the value verbatim in its command and gate; nothing named by a value ran'
          : failures.slice(0, 3).join(' | '),
    });
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('ids never reach git as something other than a ref name', () => {
  it('through `mol run`: step ids and molecule ids git would refuse are refused before anything runs', async () => {
    const hostileIds = [
      `--upload-pack=touch ${pwned}`,
      '-c core.fsmonitor=touch',
      'a..b',
      'x.lock',
      'a b',
      'head~1',
      'a:b',
      'a@{1}',
      '.hidden',
      'end.',
    ];
    const failures: string[] = [];
    for (const [i, id] of hostileIds.entries()) {
      const file = join(repo.root, `id-${i}.formula.toml`);
      await writeFile(
        file,
        `formula = "ids"\n[[steps]]\nid = ${JSON.stringify(id)}\nrun = "touch '${pwned}'"\n`,
      );
      const ran = await mol(cli, ['run', file, '--id', `ids-${i}`], { cwd: repo.dir });
      if (
        ran.code !== 1 ||
        !/id-\d+\.formula\.toml:3:1: error: step id .* cannot be part of a git ref/.test(ran.stderr)
      )
        failures.push(`step id ${JSON.stringify(id)}: exit ${ran.code}, ${ran.stderr.trim()}`);
      const poured = await mol(cli, ['run', 'hello', `--id=${id}`], { cwd: repo.dir });
      if (poured.code !== 1 || !/cannot be a molecule id/.test(poured.stderr))
        failures.push(`molecule id ${JSON.stringify(id)}: exit ${poured.code}, ${poured.stderr.trim()}`);
      if (!intact()) failures.push(`${JSON.stringify(id)}: EXECUTED`);
    }
    const refs = await repo.git(['for-each-ref', '--format=%(refname)', 'refs/molecular/attempts']);
    if (refs !== '') failures.push(`attempt refs were written: ${refs}`);
    recordResult({
      area: 'security',
      name: 'injection: hostile ids through `mol run`',
      tried: `${hostileIds.length} step ids and molecule ids git refuses in a ref (a leading "--upload-pack=", spaces, "..", ".lock", "~", ":", "@{", a leading or trailing ".")`,
      runs: hostileIds.length * 2,
      failures: failures.length,
      held:
        failures.length === 0
          ? 'every step id was refused at file:line:col with git rule and every molecule id by name, before any command, attempt or ref'
          : failures.slice(0, 3).join(' | '),
    });
    expect(failures).toEqual([]);
  }, 120_000);
});
