/**
 * `mol prompt <mol-id> <step>`: the prompt an agent gets for the step, as the executor writes it to
 * the agent's stdin (title, instructions, acceptance, inputs, `@mention` context, and the last
 * failure when the step failed before). For running an agent by hand, then `mol done`.
 */

import { stepBranch, unknownStep } from '../../engine/index.js';
import { gitText } from '../../runner/git.js';
import { stepPrompt } from '../../shell/step/start-step.js';
import { EXIT } from '../io.js';
import { localMentions } from '../local-mentions.js';
import { STORE } from '../options.js';
import { failWith, MOL_ARG, openStep, STEP_ARG } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';

export const prompt = defineVerb({
  name: 'prompt',
  summary: "print a step's prompt, as its agent gets it on stdin",
  args: [MOL_ARG, STEP_ARG],
  options: [STORE],
  examples: ['mol prompt hello-1a2b3c greet | claude -p'],
  run: promptCommand,
});

async function promptCommand({ io, values, positionals }: VerbCall): Promise<number> {
  const [molId = '', stepId = ''] = positionals;
  const opened = await openStep(io, values, molId, stepId);
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
