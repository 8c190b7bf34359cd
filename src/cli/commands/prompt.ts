/**
 * `mol prompt <mol-id> <step>`: the prompt an agent gets for the step, as the executor writes it to
 * the agent's stdin (title, instructions, acceptance, inputs, `@mention` context, and the last
 * failure when the step failed before). For running an agent by hand, then `mol done`.
 */

import { unknownStep } from '../../engine/index.js';
import { gitText } from '../../runner/git.js';
import { stepBranch } from '../../runner/index.js';
import { stepPrompt } from '../../shell/step/start-step.js';
import { parse } from '../args.js';
import { STORE_OPTION } from '../cli-context.js';
import { type CliIO, EXIT } from '../io.js';
import { localMentions } from '../local-mentions.js';
import { failWith, openStep } from '../verb.js';
import { usageError } from './cook.js';

export const usage = 'mol prompt <mol-id> <step>';

export async function promptCommand(io: CliIO, argv: string[]): Promise<number> {
  const args = parse(argv, { ...STORE_OPTION });
  if (!args.ok) return usageError(io, args.error.message, usage);
  const [molId, stepId, ...extra] = args.value.positionals;
  if (!molId || !stepId) return usageError(io, 'give the molecule id and the step', usage);
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`, usage);
  const opened = await openStep(io, args.value.values, molId, stepId);
  if (!opened.ok) return failWith(io, opened.error);
  const { ctx, loaded } = opened.value;
  const { mol, proto } = loaded;
  const def = proto.steps.find((s) => s.id === stepId);
  if (def === undefined) return failWith(io, unknownStep(mol, stepId).error);
  const { repoDir } = ctx;
  // A distributed step works on a branch of its own; a local one on the working tree's branch.
  const current = await gitText(repoDir, ['rev-parse', '--abbrev-ref', 'HEAD']);
  const branch =
    mol.execution === 'distributed' ? stepBranch(mol.id, stepId) : current.ok ? current.value : 'HEAD';
  const text = await stepPrompt(
    { mol, proto, def, host: { mentions: (t) => localMentions(repoDir, t) } },
    branch,
  );
  io.out(text.trimEnd());
  return EXIT.ok;
}
