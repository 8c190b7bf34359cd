/**
 * What a step job of the Action is opened with. Its own file because both step-job.ts (which opens
 * the job) and action-step-host.ts (which the job runs through) need it.
 */
import type { MoleculeStore } from '../../engine/index.js';
import type { GitHubContext } from '../../shell/github/github-context.js';
import type { ActionIO } from '../action-io.js';

export interface StepJobDeps {
  ctx: GitHubContext;
  io: ActionIO;
  store: MoleculeStore;
  /** GITHUB_RUN_ID: the step's lease names it, and patrol asks GitHub whether it still runs. */
  runId: string;
  workspace: string;
  runnerTemp: string;
  /** The checkout's remote: step branches are fetched from and pushed to it. */
  remote: string;
  /** The token's header for the fetches and pushes of `remote` alone (the checkout keeps none). */
  remoteEnv?: Record<string, string>;
  /** step-finish: the agent job's patch (the `work` input). */
  work?: string;
  /** step-finish: what the agent job's agent used (the `usage` input; default beside `work`). */
  usage?: string;
  /** step-finish: what the user's own agent action printed (the `output` input): the step's output. */
  output?: string;
}
