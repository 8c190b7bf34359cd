/**
 * The Action's `run()`: reads the inputs once, runs the mode, sets its outputs, and reports a
 * failure with `core.setFailed` (the job goes red with the sentence as its annotation). Nothing
 * here needs testing apart from @actions/core: `runMode` holds the rest.
 */
import * as core from '@actions/core';
import { describeApiFailure } from '../github/api-failure.js';
import { createActionOctokit } from '../github/octokit.js';
import { coreIO } from './core-io.js';
import { readInputs } from './inputs.js';
import { runMode } from './run-mode.js';

export async function run(): Promise<void> {
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
      octokitFor: createActionOctokit,
    });
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
