/**
 * `mol done|fail|retry|skip|approve <mol-id> <step> [text]`: a person records what happened to a
 * step. Then, like `mol resume`, any step a command can do that became ready runs (`--no-run`
 * only records), and the exit code is the molecule's: 0 complete, 1 failed, 3 still waiting.
 */
import { commandEvents, type Molecule, type MoleculeCommand, ok, type Proto } from '../../engine/index.js';
import { buildCheckpoint } from '../../runner/index.js';
import { carryOutLocally } from '../../shell/carry-out-locally.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { runsUnattended } from '../../shell/step/agent-command.js';
import { JSON_OPTION, parse } from '../args.js';
import { type CliContext, STORE_OPTION } from '../cli-context.js';
import { execute } from '../executor.js';
import { handWork } from '../hand-work.js';
import { type CliIO, progressOutput } from '../io.js';
import { whoAmI } from '../pour-molecule.js';
import { moleculeJson, nextSteps } from '../print.js';
import { exitFor, failWith, openStep } from '../verb.js';
import { usageError } from './cook.js';

type Verb = 'done' | 'fail' | 'retry' | 'skip' | 'approve';

export const USAGE: Record<Verb, string> = {
  done: 'mol done <mol-id> <step> [note] [--no-run] [--json]',
  fail: 'mol fail <mol-id> <step> <reason> [--no-run] [--json]',
  retry: 'mol retry <mol-id> <step> [--no-run] [--json]',
  skip: 'mol skip <mol-id> <step> [reason] [--force] [--no-run] [--json]',
  approve: 'mol approve <mol-id> <step> [--no-run] [--json]',
};

export const doneCommand = (io: CliIO, argv: string[]) => stepVerb(io, argv, 'done');
export const failCommand = (io: CliIO, argv: string[]) => stepVerb(io, argv, 'fail');
export const retryCommand = (io: CliIO, argv: string[]) => stepVerb(io, argv, 'retry');
export const skipCommand = (io: CliIO, argv: string[]) => stepVerb(io, argv, 'skip');
export const approveCommand = (io: CliIO, argv: string[]) => stepVerb(io, argv, 'approve');

async function stepVerb(io: CliIO, argv: string[], verb: Verb): Promise<number> {
  const usage = USAGE[verb];
  const args = parse(argv, {
    ...JSON_OPTION,
    ...STORE_OPTION,
    'no-run': { type: 'boolean' },
    ...(verb === 'skip' ? { force: { type: 'boolean' } } : {}),
  });
  if (!args.ok) return usageError(io, args.error.message, usage);
  const [molId, stepId, ...words] = args.value.positionals;
  if (!molId || !stepId) return usageError(io, 'give the molecule id and the step', usage);
  const text = words.join(' ').trim();
  if (verb === 'fail' && text === '') return usageError(io, 'say why the step failed', usage);
  if ((verb === 'retry' || verb === 'approve') && text !== '')
    return usageError(io, `unexpected argument "${words[0]}"`, usage);
  const opened = await openStep(io, args.value.values, molId, stepId);
  if (!opened.ok) return failWith(io, opened.error);
  const { ctx, loaded } = opened.value;
  const { proto } = loaded;
  const by = whoAmI(io.env);

  const command = await commandOf(
    ctx,
    verb,
    stepId,
    text,
    by,
    loaded.mol,
    proto,
    args.value.values.force === true,
  );
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
  const progress = progressOutput(io, args.value.values.json === true);
  // Gates judged right after a `done` may move the step again: say where it ended up.
  const carried = await carryOutLocally(ctx, applied.value.mol, proto, applied.value.effects, {
    notices: true,
  });
  if (!carried.ok) return failWith(io, carried.error);
  let mol = carried.value;
  const after = mol.steps.find((s) => s.id === stepId)?.status;
  progress.print(
    before === after
      ? `${stepId}: still ${after?.replace('_', ' ')}`
      : `${stepId}: ${before?.replace('_', ' ')} → ${after?.replace('_', ' ')}`,
  );

  if (!args.value.values['no-run']) {
    // The command changes only what it names: steps that were ready before it are left for
    // `mol resume` (or `mol run <id>`); what it made ready runs.
    const waiting = new Set(
      loaded.mol.steps.filter((s) => s.status === 'ready' && s.id !== stepId).map((s) => s.id),
    );
    const runnable = new Set(proto.steps.filter(runsUnattended).map((s) => s.id));
    if (mol.steps.some((s) => s.status === 'ready' && runnable.has(s.id) && !waiting.has(s.id))) {
      const ran = await execute(ctx, mol, proto, { ...progress, leave: waiting });
      if (!ran.ok) return failWith(io, ran.error);
      mol = ran.value;
    }
  }
  if (args.value.values.json) io.out(JSON.stringify(moleculeJson(mol, proto), null, 2));
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
