/**
 * What code from the checkout can see: a step's command and its gates run with the face's
 * environment less everything that may hold a credential, and inherit nothing from the process
 * that runs them.
 */
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pathExists } from '../../../../src/runner/path-exists.js';
import { finishStep } from '../../../../src/shell/step/finish-step.js';
import { runStepCommand } from '../../../../src/shell/step/run-step-command.js';
import { startStep } from '../../../../src/shell/step/start-step.js';
import { makeProto, protoStep } from '../../../helpers/engine-fixtures.js';
import { SECRETS } from '../../../helpers/secret-env.js';
import { testStepHost } from '../../../helpers/step-host.js';
import { type StepWorld, stepWorld } from './fixture.js';

let world: StepWorld | undefined;
let dumps: string | undefined;
afterEach(async () => {
  await world?.repo.cleanup();
  if (dumps) await rm(dumps, { recursive: true, force: true });
  world = undefined;
  dumps = undefined;
  delete process.env.MOL_TEST_PARENT_SECRET_TOKEN;
});

const names = (text: string) => text.split('\0').map((line) => line.slice(0, line.indexOf('=')));

describe('token isolation of a step', () => {
  it("neither the step's command nor its gates see a token, from the face's environment or the process's", async () => {
    dumps = await realpath(await mkdtemp(join(tmpdir(), 'mol-env-dump-')));
    const stepDump = join(dumps, 'step.env');
    const gateDump = join(dumps, 'gate.env');
    const proto = makeProto(
      [
        protoStep('s1', [], {
          run: `env -0 > '${stepDump}'; echo done > out.txt`,
          gates: [{ type: 'command', run: `env -0 > '${gateDump}'` }],
        }),
      ],
      { execution: 'distributed' },
    );
    const w = await stepWorld(proto);
    world = w;
    process.env.MOL_TEST_PARENT_SECRET_TOKEN = 'from-the-parent';
    const host = testStepHost(w.store, w.repo, {
      env: { PATH: process.env.PATH, HOME: '/home/runner', GITHUB_REPOSITORY: 'acme/widgets', ...SECRETS },
    });
    const started = await startStep(await w.job('s1', host));
    if (!started.ok || started.value.kind !== 'started') throw new Error(JSON.stringify(started));
    const { job, checkout } = started.value;
    const finished = await finishStep({ job, checkout, ran: await runStepCommand(job, checkout) });
    if (!finished.ok) throw new Error(finished.error.message);
    expect(finished.value.failure).toBeUndefined();

    for (const dump of [stepDump, gateDump]) {
      const seen = names(await readFile(dump, 'utf8'));
      expect(seen).toEqual(expect.arrayContaining(['PATH', 'HOME', 'GITHUB_REPOSITORY', 'MOL_STEP']));
      for (const secret of [...Object.keys(SECRETS), 'MOL_TEST_PARENT_SECRET_TOKEN']) {
        expect(seen, `${secret} reached ${dump}`).not.toContain(secret);
      }
    }
  });

  it('refuses to commit or push after the step configured a filter or an ssh command: nothing it named runs', async () => {
    dumps = await realpath(await mkdtemp(join(tmpdir(), 'mol-config-')));
    const marker = join(dumps, 'ran');
    const cases = {
      filter: `git config filter.evil.clean 'touch ${marker}; cat' && echo '* filter=evil' > .gitattributes`,
      ssh: `git config core.sshCommand 'touch ${marker}; ssh' && git remote set-url origin ssh://git@127.0.0.1/x.git`,
      include: `printf '[filter "evil"]\\n\\tclean = touch ${marker}; cat\\n' > "${dumps}/inc" && git config include.path "${dumps}/inc" && echo '* filter=evil' > .gitattributes`,
    };
    for (const [name, setUp] of Object.entries(cases)) {
      const proto = makeProto(
        [protoStep('s1', [], { run: `${setUp}; echo work > out.txt`, maxRetries: 0 })],
        { execution: 'distributed' },
      );
      const w = await stepWorld(proto);
      world = w;
      const host = testStepHost(w.store, w.repo, { remote: 'origin', push: true });
      const started = await startStep(await w.job('s1', host));
      if (!started.ok || started.value.kind !== 'started') throw new Error(JSON.stringify(started));
      const { job, checkout } = started.value;
      const finished = await finishStep({ job, checkout, ran: await runStepCommand(job, checkout) });
      if (!finished.ok) throw new Error(finished.error.message);
      expect(finished.value.outcome.error?.code, name).toBe('git-config-changed');
      expect(finished.value.failure, name).toMatch(/changed git's configuration \(.+\)/);
      expect(await pathExists(marker), `${name}: what the step configured ran`).toBe(false);
      const remote = await w.repo.git(['branch', '--list', 'molecular/*'], w.repo.remote);
      expect(remote, name).toBe('');
      await w.repo.cleanup();
      world = undefined;
    }
  });

  it('lets a step set what runs nothing, or what the runner overrides: an identity, a hooks path', async () => {
    dumps = await realpath(await mkdtemp(join(tmpdir(), 'mol-config-')));
    const marker = join(dumps, 'ran');
    const run = [
      'git config user.email agent@example.com',
      'mkdir -p .husky',
      `printf '#!/bin/sh\\ntouch ${marker}\\n' > .husky/pre-push`,
      'chmod +x .husky/pre-push',
      'git config core.hooksPath .husky',
      'echo work > out.txt',
    ].join(' && ');
    const proto = makeProto([protoStep('s1', [], { run })], { execution: 'distributed' });
    const w = await stepWorld(proto);
    world = w;
    const host = testStepHost(w.store, w.repo, { remote: 'origin', push: true });
    const started = await startStep(await w.job('s1', host));
    if (!started.ok || started.value.kind !== 'started') throw new Error(JSON.stringify(started));
    const { job, checkout } = started.value;
    const finished = await finishStep({ job, checkout, ran: await runStepCommand(job, checkout) });
    if (!finished.ok) throw new Error(finished.error.message);
    expect(finished.value.failure).toBeUndefined();
    expect(finished.value.job.state.status).toBe('completed');
    expect(await pathExists(marker)).toBe(false);
  });
});
