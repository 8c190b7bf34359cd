/**
 * `step-finish` on a simulated runner, the Action bundle against the fake GitHub: a finish job whose
 * run does not hold the step's lease (another run took it, or the run id differs) fails and names
 * the run that holds it, instead of exiting 0 with the step left in progress and its work dropped.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useActionBundle } from '../helpers/action-repo.js';
import type { JobResult } from '../helpers/simulated-runner.js';

const FORMULA = `formula = "answer"
execution = "distributed"

[[steps]]
id = "answer"
title = "Answer"
description = "Write the answer."
`;

const bundle = useActionBundle();

describe('step-finish', () => {
  it('fails, naming the lease holder, when another run holds the step', async () => {
    const { git, runner, label, molecule, onDispatch, settle } = await bundle.start({
      token: 'ghs_step_finish_token',
      formulas: { answer: FORMULA },
      people: { alice: 'write' },
      issue: { title: 'Answer it', author: 'alice' },
    });
    let start: JobResult | undefined;
    let finish: JobResult | undefined;
    let holder = 0;
    onDispatch(async ({ payload, step }) => {
      const job = (mode: string, runId: number, extra: Record<string, string> = {}) =>
        runner.run({
          eventName: 'workflow_dispatch',
          payload,
          inputs: { mode, ...step, ...extra },
          ref: 'main',
          runId,
        });
      holder = runner.newRunId();
      start = await job('step-start', holder);
      // The agent's work reaches a finish job of another run.
      const patch = join(git.root, 'work.patch');
      await writeFile(patch, '');
      finish = await job('step-finish', runner.newRunId(), { work: patch });
    });

    const labelled = await label('formula:answer');
    expect(labelled.exitCode, labelled.stdout + labelled.stderr).toBe(0);
    await settle();

    expect(start?.outputs.status).toBe('in_progress');
    expect(finish?.exitCode).toBe(1);
    expect(`${finish?.stdout}${finish?.stderr}`).toContain(
      `is in progress under actions:${holder}, not this run`,
    );
    expect(molecule().steps[0]).toMatchObject({ status: 'in_progress', lease: { runId: String(holder) } });
  }, 240_000);
});
