/**
 * The Action's `run()`: reads the inputs once, runs the mode, sets its outputs, and reports a
 * failure with `core.setFailed` (the job goes red with the sentence as its annotation). Nothing
 * here needs testing apart from @actions/core: `runMode` holds the rest.
 */
import * as core from '@actions/core';
import { describeApiFailure } from '../github/api-failure.js';
import type { GitHubClient } from '../github/client.js';
import { createActionOctokit } from '../github/octokit.js';
import { budgetOf, type RateBudget } from '../github/rate-budget.js';
import { coreIO } from './core-io.js';
import { readInputs } from './inputs.js';
import { runMode } from './run-mode.js';

export async function run(): Promise<void> {
  let budget: RateBudget | undefined;
  const octokitFor = (token: string): GitHubClient => {
    const octokit = createActionOctokit(token);
    budget = budgetOf(octokit);
    return octokit;
  };
  try {
    const inputs = readInputs((name) => core.getInput(name));
    if (!inputs.ok) {
      core.setFailed(inputs.error.message);
      return;
    }
    const result = await runMode(inputs.value, {
      env: process.env,
      io: coreIO,
      now: () => new Date(),
      octokitFor,
    });
    if (budget) tellBudget(budget);
    for (const [name, value] of Object.entries(result.outputs)) core.setOutput(name, value);
    if (result.failure !== undefined) core.setFailed(result.failure);
  } catch (error) {
    // A misconfiguration (token, permissions, API URL) is the user's to fix: one line saying how.
    const misconfigured = describeApiFailure(error, 'action');
    if (misconfigured !== undefined) {
      core.setFailed(misconfigured);
      return;
    }
    // A bug of ours: fail the job with the stack, so the report says where.
    core.setFailed(`Molecular stopped on an unexpected error: ${(error as Error).stack ?? String(error)}`);
  }
}

/** The job's own count and what GitHub says is left; a warning when little is (the workflow token has 1,000 an hour). */
function tellBudget(budget: RateBudget): void {
  const line = `Molecular sent ${budget.requests} API request${budget.requests === 1 ? '' : 's'}; ${budget.describe()}.`;
  if (budget.low()) core.warning(`${line} The rate budget is low: patrol waits until it resets.`);
  else core.info(line);
}
