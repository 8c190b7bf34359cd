/** Where one attempt of a step works, as the start half built it and the finish half reads it. */
import { z } from 'zod';

export const StepCheckoutSchema = z.object({
  /**
   * `tree`: the working tree itself (a local formula), `worktree`: a worktree of its own, removed
   * once the work is safe on its branch, `checkout`: the job's checkout, where an agent may have
   * moved HEAD.
   */
  kind: z.enum(['tree', 'worktree', 'checkout']),
  /** Where the step's command runs. */
  cwd: z.string(),
  /** Undefined only for a working tree on a detached HEAD. */
  branch: z.string().optional(),
  /** The commit the step starts from; its changes are counted against this. */
  baseCommit: z.string(),
  /** Paths already changed in a working tree before the step: its commit leaves them out. */
  preexisting: z.array(z.string()).optional(),
  /** Git's configuration before the step: the finish half refuses to commit or push if it changed. */
  gitConfig: z.array(z.string()).optional(),
  /**
   * The checkout of the attempt before, whose command ended with success while its runner was gone
   * (ended-attempt.ts): its work is finished here and the command does not run again.
   */
  ended: z.literal(true).optional(),
});
export type StepCheckout = z.infer<typeof StepCheckoutSchema>;
