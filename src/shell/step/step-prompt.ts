/**
 * The step prompt: what a fresh agent or person needs to do one step and nothing else
 * — its title and instructions, what counts as done, the files the steps before it produced, and
 * the `@mention` context files with their source paths, and, when an attempt failed before, why
 * (its error with its gates' output) so a fresh agent does not repeat it. `step-start` hands it to
 * an agent action as the `prompt` output, `step` prints it in the log, the local executor writes it
 * to an agent step's stdin, and `mol prompt` prints it.
 */

import { formatForPrompt, type Molecule, type ProtoStep, type ResolvedMentions } from '../../engine/index.js';
import type { StepInput } from './step-inputs.js';

export interface StepPromptInput {
  mol: Molecule;
  def: ProtoStep;
  branch: string;
  inputs: StepInput[];
  context: ResolvedMentions;
}

export function formatStepPrompt({ mol, def, branch, inputs, context }: StepPromptInput): string {
  const parts = [
    `# ${def.title || def.id}`,
    `Step \`${def.id}\` of molecule \`${mol.id}\` (formula \`${mol.formula.name}\`), working on branch \`${branch}\`.`,
  ];
  if (def.description.trim() !== '') parts.push(def.description.trim());
  if (def.acceptance !== undefined && def.acceptance.trim() !== '') {
    parts.push(`## Acceptance\n\n${def.acceptance.trim()}`);
  }
  if (def.output !== undefined) parts.push(`## Output\n\nLeave your result in \`${def.output}\`.`);
  if (inputs.length > 0) {
    const list = inputs.map((i) => `- \`${i.path}\` (from step \`${i.from}\`)`).join('\n');
    parts.push(
      `## Inputs\n\nThe steps before this one produced these files; they are in the checkout:\n\n${list}`,
    );
  }
  const previous = previousAttempt(mol, def);
  if (previous !== undefined) parts.push(previous);
  const review = mol.steps.find((s) => s.id === def.id)?.review;
  if (review !== undefined && review.trim() !== '') {
    parts.push(
      `## Review requesting changes\n\nA reviewer of the pull request asked for changes; address each point (also in \`$MOL_REVIEW_FILE\`):\n\n${fence(review.trim())}`,
    );
  }
  if (context.items.length > 0) parts.push(`## Context\n\n${formatForPrompt(context.items)}`);
  const unresolved = [
    ...context.unknown.map((m) => `${m} (not in the context map of .github/molecular.yml)`),
    ...context.missing.map((m) => `${m.mention} → \`${m.path}\`: ${m.reason}`),
  ];
  if (unresolved.length > 0) {
    parts.push(`Mentions without context:\n\n${unresolved.map((u) => `- ${u}`).join('\n')}`);
  }
  return `${parts.join('\n\n')}\n`;
}

/** The last failure of the step, if any: the engine keeps its error and gate results until it completes. */
function previousAttempt(mol: Molecule, def: ProtoStep): string | undefined {
  const state = mol.steps.find((s) => s.id === def.id);
  if (state?.error === undefined || state.error.trim() === '') return undefined;
  const error = state.error.trim();
  const details = (state.gates ?? [])
    .filter((g) => g.passed === false && g.detail.trim() !== '' && !error.includes(g.detail.trim()))
    .map((g) => `Gate \`${g.type}\`:\n\n${fence(g.detail.trim())}`);
  return [
    '## Previous attempt',
    'An earlier attempt at this step failed. Fix what it reports; do not repeat it.',
    fence(error),
    ...details,
  ].join('\n\n');
}

/** A code fence longer than any run of backticks in the text, so output cannot close it. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}\n${text}\n${ticks}`;
}
