import { err } from '../../engine/index.js';
import { diffStep } from '../../runner/index.js';
import { JSON_OPTION, parse } from '../args.js';
import { STORE_OPTION } from '../cli-context.js';
import { type CliIO, EXIT } from '../io.js';
import { failWith, openStep } from '../verb.js';
import { usageError } from './cook.js';

export const usage = 'mol diff <mol-id> <step> [--json]';

/**
 * The files a step added, modified and deleted: its checkpoint commit against the commit it
 * started from (its parent; for a step with several needs, the merge of their branches).
 */
export async function diffCommand(io: CliIO, argv: string[]): Promise<number> {
  const args = parse(argv, { ...JSON_OPTION, ...STORE_OPTION });
  if (!args.ok) return usageError(io, args.error.message, usage);
  const [molId, stepId, ...extra] = args.value.positionals;
  if (!molId || !stepId) return usageError(io, 'give the molecule id and the step', usage);
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`, usage);
  const opened = await openStep(io, args.value.values, molId, stepId);
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
  if (args.value.values.json) {
    io.out(JSON.stringify({ step: stepId, commit, ...diff.value }, null, 2));
    return EXIT.ok;
  }
  const lines = [
    ...diff.value.added.map((p) => `A  ${p}`),
    ...diff.value.modified.map((p) => `M  ${p}`),
    ...diff.value.deleted.map((p) => `D  ${p}`),
  ];
  io.out(lines.length > 0 ? lines.join('\n') : `${stepId} changed no files`);
  return EXIT.ok;
}
