import { err } from '../../engine/index.js';
import { diffStep } from '../../runner/index.js';
import { EXIT } from '../io.js';
import { json, STORE } from '../options.js';
import { printJson } from '../print-json.js';
import { failWith, MOL_ARG, openStep, STEP_ARG } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';

export const diff = defineVerb({
  name: 'diff',
  summary: 'the files a step added, modified and deleted',
  args: [MOL_ARG, STEP_ARG],
  options: [json('the step, its commit and the added, modified and deleted paths'), STORE],
  examples: ['mol diff hello-1a2b3c greet'],
  run: diffCommand,
});

/**
 * The files a step added, modified and deleted: its checkpoint commit against the commit it
 * started from (its parent; for a step with several needs, the merge of their branches).
 */
async function diffCommand({ io, values, positionals }: VerbCall): Promise<number> {
  const [molId = '', stepId = ''] = positionals;
  const opened = await openStep(io, values, molId, stepId);
  if (!opened.ok) return failWith(io, opened.error);
  const { ctx, loaded } = opened.value;
  const state = loaded.mol.steps.find((s) => s.id === stepId);
  const commit = state?.checkpoint?.commit;
  if (commit === undefined) {
    return failWith(
      io,
      err(
        'no-commit',
        `step "${stepId}" is ${state?.status.replace('_', ' ')} and recorded no commit yet; there is nothing to diff`,
      ).error,
    );
  }
  // A step that changed nothing committed nothing: its checkpoint is the commit it started on.
  const diff = state?.checkpoint?.filesModified.length
    ? await diffStep({ repoDir: ctx.repoDir, baseRef: `${commit}^`, branchOrCommit: commit })
    : { ok: true as const, value: { added: [], modified: [], deleted: [] } };
  if (!diff.ok) return failWith(io, diff.error);
  if (values.json) return printJson(io, values.json, { step: stepId, commit, ...diff.value });
  const lines = [
    ...diff.value.added.map((p) => `A  ${p}`),
    ...diff.value.modified.map((p) => `M  ${p}`),
    ...diff.value.deleted.map((p) => `D  ${p}`),
  ];
  io.out(lines.length > 0 ? lines.join('\n') : `${stepId} changed no files`);
  return EXIT.ok;
}
