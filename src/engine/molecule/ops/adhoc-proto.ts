/**
 * Ad-hoc molecules (the seed's createMolecule: a title and a list of steps, no formula file).
 * Their formula is stored inline in the molecule (`formula.source = { inline }`), written in the
 * formula format so cook can read it too; this derives the proto from it directly, so the manager
 * works without a cook step and a loaded ad-hoc molecule always finds its definitions again.
 */
import { z } from 'zod';
import { DEFAULT_MAX_LOOPS, type Proto } from '../../cook/proto.js';
import { err, ok, type Result } from '../../errors.js';
import { formatPath } from '../machine/serialize.js';
import { indexProto } from './proto-index.js';

export const InlineFormulaSchema = z.object({
  formula: z.string().min(1),
  description: z.string().optional(),
  steps: z
    .array(
      z.object({
        id: z.string().min(1),
        title: z.string().optional(),
        description: z.string().optional(),
        needs: z.array(z.string()).optional(),
        max_retries: z.number().int().min(0).optional(),
      }),
    )
    .min(1),
});
export type InlineFormula = z.infer<typeof InlineFormulaSchema>;

export function adhocProto(inline: unknown): Result<Proto> {
  const parsed = InlineFormulaSchema.safeParse(inline);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(
      'invalid-formula',
      `ad-hoc formula: ${issue ? `${formatPath(issue.path)}: ${issue.message}` : 'invalid'}`,
    );
  }
  const f = parsed.data;
  const proto: Proto = {
    formula: f.formula,
    description: f.description ?? '',
    type: 'workflow',
    execution: 'local',
    vars: {},
    maxLoops: DEFAULT_MAX_LOOPS,
    steps: f.steps.map((s) => ({
      id: s.id,
      title: s.title ?? s.id,
      description: s.description ?? '',
      needs: s.needs ?? [],
      type: 'task',
      gates: [],
      trigger: 'all_success',
      ...(s.max_retries === undefined ? {} : { maxRetries: s.max_retries }),
    })),
  };
  const index = indexProto(proto);
  return index.ok ? ok(proto) : index;
}
