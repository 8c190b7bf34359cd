/**
 * `mol done|fail|retry|skip|approve <mol-id> <step> [text]`: a person records what happened to a
 * step. Then, like `mol resume`, any step a command can do that became ready runs (`--no-run`
 * only records), and the exit code is the molecule's: 0 complete, 1 failed, 3 still waiting.
 */
import { commandEvents, type Molecule, type MoleculeCommand, ok, type Proto } from '../../engine/index.js';
import { buildCheckpoint } from '../../runner/index.js';
import { carryOutLocally } from '../../shell/carry-out-locally.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { unattendedSteps } from '../../shell/step/agent-command.js';
import type { CliContext } from '../cli-context.js';
import { execute } from '../executor.js';
import { handWork } from '../hand-work.js';
import { progressOutput } from '../io.js';
import { NO_RUN, RUN_JSON, STORE } from '../options.js';
import { whoAmI } from '../pour-molecule.js';
import { moleculeJson, nextSteps } from '../print.js';
import { printJson } from '../print-json.js';
import { exitFor, failWith, MOL_ARG, openStep, STEP_ARG } from '../verb.js';
import { type ArgSpec, defineVerb, type OptionSpec, type VerbCall, type VerbSpec } from '../verb-spec.js';

type Verb = 'done' | 'fail' | 'retry' | 'skip' | 'approve';

function stepVerb(
  verb: Verb,
  summary: string,
  text: ArgSpec[],
  examples: string[],
  options: OptionSpec[] = [],
): VerbSpec {
  return defineVerb({
    name: verb,
    summary,
    args: [MOL_ARG, STEP_ARG, ...text],
    options: [...options, NO_RUN, RUN_JSON, STORE],
    examples,
    run: (call) => stepCommand(call, verb),
  });
}

export const done = stepVerb(
  'done',
  'record a step as done, then run what became ready',
  [{ name: 'note', variadic: true }],
  ["printf 'Hello, ada!\\n' > hello.txt", 'mol done hello-1a2b3c greet "greeted by hand"'],
);
export const fail = stepVerb(
  'fail',
  'record a step as failed (retries and on_fail apply)',
  [{ name: 'reason', required: true, variadic: true, missing: 'say why the step failed' }],
  ['mol fail hello-1a2b3c greet "wrong name" --no-run'],
);
export const retry = stepVerb(
  'retry',
  'send a failed step back to ready and run it',
  [],
  ['mol retry hello-1a2b3c greet'],
);
export const skip = stepVerb(
  'skip',
  'skip a step',
  [{ name: 'reason', variadic: true }],
  ['mol skip hello-1a2b3c join "no summary needed"'],
  [
    {
      name: 'force',
      meaning:
        'also skip a gate step, or a step whose approval has not been given (its gates are passed unjudged)',
    },
  ],
);
export const approve = stepVerb(
  'approve',
  "pass a step's approval gate",
  [],
  ['mol approve hello-1a2b3c greet'],
);

async function stepCommand(call: VerbCall, verb: Verb): Promise<number> {
  const { io, values } = call;
  const [molId = '', stepId = '', ...words] = call.positionals;
  const text = words.join(' ').trim();
  if (verb === 'fail' && text === '') return call.usageError('say why the step failed');
  const opened = await openStep(io, values, molId, stepId);
  if (!opened.ok) return failWith(io, opened.error);
  const { ctx, loaded } = opened.value;
  const { proto } = loaded;
  const by = whoAmI(io.env);

  const command = await commandOf(ctx, verb, stepId, text, by, loaded.mol, proto, values.force === true);
  const before = loaded.mol.steps.find((s) => s.id === stepId)?.status;
  // The rule `/mol <verb>` on GitHub follows too, chosen from the molecule as it stands under the lock.
  const applied = await changeMolecule(
    ctx.store,
    proto,
    molId,
    (current) => ok(commandEvents(command, current, by)),
    io.now(),
  );
  if (!applied.ok) return failWith(io, applied.error);
  const progress = progressOutput(io);
  // Gates judged right after a `done` may move the step again: say where it ended up.
  const carried = await carryOutLocally(ctx, applied.value.mol, proto, applied.value.effects, {
    notices: true,
  });
  if (!carried.ok) return failWith(io, carried.error);
  let mol = carried.value;
  const after = mol.steps.find((s) => s.id === stepId)?.status;
  // What became of the step is this command's answer (stdout); what runs next is progress (stderr).
  const said = values.json ? io.err : io.out;
  said(
    before === after
      ? `${stepId}: still ${after?.replace('_', ' ')}`
      : `${stepId}: ${before?.replace('_', ' ')} → ${after?.replace('_', ' ')}`,
  );

  if (!values['no-run']) {
    // The command changes only what it names: steps that were ready before it are left for
    // `mol resume` (or `mol run <id>`); what it made ready runs.
    const waiting = new Set(
      loaded.mol.steps.filter((s) => s.status === 'ready' && s.id !== stepId).map((s) => s.id),
    );
    const runnable = unattendedSteps(proto);
    if (mol.steps.some((s) => s.status === 'ready' && runnable.has(s.id) && !waiting.has(s.id))) {
      const ran = await execute(ctx, mol, proto, { ...progress, leave: waiting });
      if (!ran.ok) return failWith(io, ran.error);
      mol = ran.value;
    }
  }
  // A field typo is named, but the step was recorded: the exit code stays the molecule's.
  if (values.json) printJson(io, values.json, moleculeJson(mol, proto));
  else for (const line of nextSteps(mol, proto)) io.out(`next: ${line}`);
  return exitFor(mol);
}

/** The command as the engine's rule reads it; `done` brings what the step left behind. */
async function commandOf(
  ctx: CliContext,
  verb: Verb,
  step: string,
  text: string,
  by: string,
  mol: Molecule,
  proto: Proto,
  force: boolean,
): Promise<MoleculeCommand> {
  switch (verb) {
    case 'done': {
      const def = proto.steps.find((s) => s.id === step);
      // What the step left behind: its uncommitted work committed, and every file its commits touched.
      const work =
        def === undefined || !canBeDone(mol, step)
          ? { filesModified: [] }
          : await handWork(ctx, proto, mol, def);
      const commit = work.commit;
      const checkpoint = buildCheckpoint({
        ...(commit === undefined ? {} : { commit }),
        filesModified: work.filesModified,
        gates: [],
        notes: text || `done by ${by}`,
        now: () => ctx.io.now(),
      });
      return { verb, step, checkpoint };
    }
    case 'fail':
      return { verb, step, reason: text };
    case 'skip':
      return { verb, step, ...(text === '' ? {} : { reason: text }), ...(force ? { force } : {}) };
    case 'retry':
    case 'approve':
      return { verb, step };
  }
}

/** Only a step `done` will move has work to record; any other is refused by the engine untouched. */
function canBeDone(mol: Molecule, step: string): boolean {
  const status = mol.steps.find((s) => s.id === step)?.status;
  return status === 'ready' || status === 'in_progress';
}
