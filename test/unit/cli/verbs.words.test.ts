/**
 * The engine's refusals name GitHub's slash commands; `mol` has no `reset`, so what it prints
 * suggests only verbs `mol help` lists.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { failWith, inCliWords } from '../../../src/cli/verb.js';
import { SHOWN_VERBS } from '../../../src/cli/verbs.js';
import { transition } from '../../../src/engine/molecule/ops/transition.js';
import { chainProto, pourMol, run, T0 } from '../../helpers/engine-fixtures.js';
import { memoryIO } from '../../helpers/memory-io.js';

describe('engine refusals in mol words', () => {
  it('a complete molecule points at mol rollback and mol retry, never at a reset mol lacks', async () => {
    const proto = chainProto(1);
    const done = run(proto, pourMol(proto).mol, [{ type: 'complete', step: 's0' }]);
    const refused = transition(proto, done, { type: 'pause' }, T0);
    if (refused.ok) throw new Error('a complete molecule was paused');
    expect(refused.error.message).toMatch(/reset it/);
    const io = memoryIO();
    expect(failWith(io, refused.error)).toBe(1);
    expect(io.stderr()).toBe(
      'mol: molecule "m1" is complete; it cannot be paused (roll it back (mol rollback) or retry a failed step (mol retry) to work on it again)\n',
    );
    const named = [...io.stderr().matchAll(/\bmol ([a-z]+)/g)].map((m) => m[1]);
    for (const verb of named) expect(SHOWN_VERBS.map((v) => v.name)).toContain(verb);
    expect(await main(['reset'], memoryIO())).toBe(2);
  });

  it('a missing var is asked for as mol takes it: --var name=<value>', () => {
    expect(inCliWords('variable "version" (Version to release) is required: give version=<value>')).toBe(
      'variable "version" (Version to release) is required: give --var version=<value>',
    );
  });

  it('leaves other text alone', () => {
    expect(inCliWords('step "build" is ready; it cannot be skipped')).toBe(
      'step "build" is ready; it cannot be skipped',
    );
  });
});
