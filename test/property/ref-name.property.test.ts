import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refNameProblem, refPartProblem } from '../../src/engine/ref-name.js';

/*
 * The engine's ref rule against git itself: for names built from the characters git treats
 * specially, `refNameProblem` says "fine" exactly when `git check-ref-format --allow-onelevel`
 * exits 0. Each case spawns git, so the run is bounded (FUZZ_RUNS, 200 by default).
 */

const numRuns = Number(process.env.FUZZ_RUNS ?? 200);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** What git accepts, asked of git. git reads a leading "-" as an option, so such a name is asked under `a/`. */
function gitAccepts(name: string): boolean {
  const arg = name.startsWith('-') ? `a/${name}` : name;
  try {
    execFileSync('git', ['check-ref-format', '--allow-onelevel', arg], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const piece = fc.constantFrom(
  'a',
  'b',
  'Z',
  '0',
  '-',
  '_',
  '.',
  '..',
  '/',
  '@',
  '{',
  '}',
  '@{',
  '.lock',
  'lock',
  ' ',
  '~',
  '^',
  ':',
  '?',
  '*',
  '[',
  ']',
  '\\',
  '=',
  '\t',
  '\u0001',
  '\u007f',
  'é',
  '✓',
);
const name = fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));

describe(`ref names agree with git check-ref-format (seed ${seed}, ${numRuns} runs)`, () => {
  it('refNameProblem accepts exactly what git accepts', () => {
    fc.assert(
      fc.property(name, (candidate) => {
        expect(refNameProblem(candidate) === undefined, JSON.stringify(candidate)).toBe(
          gitAccepts(candidate),
        );
      }),
      { numRuns, seed },
    );
  });

  it('a name refPartProblem accepts is a valid branch under molecular/<mol>/', () => {
    fc.assert(
      fc.property(name, (candidate) => {
        if (refPartProblem(candidate) !== undefined) return;
        expect(candidate.includes('/') || candidate.startsWith('-')).toBe(false);
        execFileSync('git', ['check-ref-format', '--branch', `molecular/m1/${candidate}`], {
          stdio: 'ignore',
        });
      }),
      { numRuns: Math.ceil(numRuns / 4), seed },
    );
  });
});
