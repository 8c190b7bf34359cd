/**
 * `mol pour`, `mol wisp`, `mol run <formula>` and `mol demo`: the shell's pour with what is local
 * about it: formulas from this repository (pinned into its object database), a fresh id, the
 * checked-out commit as the base, the user as the one who poured, warnings on stderr.
 */
import { userInfo } from 'node:os';
import {
  err,
  type FormulaSource,
  formatDiagnostic,
  type Molecule,
  ok,
  type Proto,
  type Result,
} from '../engine/index.js';
import { localFormulaSource } from '../local/formulas/local-formula-source.js';
import { git } from '../runner/git.js';
import type { Tell } from '../shell/formulas/cook-named.js';
import { pour } from '../shell/pour.js';
import type { CliContext } from './cli-context.js';
import type { CliIO } from './io.js';
import { newMoleculeId } from './new-molecule-id.js';
import { gitTopLevel } from './repo.js';

export interface PourRequest {
  formula: string;
  vars: Record<string, string>;
  overlays?: string[];
  kind?: 'mol' | 'wisp';
  ttlMs?: number;
  /** A patrol wisp's place in its loop: `{ round: 1, last: true }` for `mol wisp --once`. */
  loop?: Molecule['loop'];
  /** Chosen by the caller; otherwise `<formula>-<random>`. */
  id?: string;
  /** `--formulas DIR`: more folders where formulas are found by name. */
  formulaDirs?: readonly string[];
  /** Asked once the formula cooked, before anything is written: a refusal pours nothing. */
  admit?: (proto: Proto) => Promise<Result<void>>;
}

export async function pourMolecule(
  ctx: CliContext,
  request: PourRequest,
): Promise<Result<{ mol: Molecule; proto: Proto }>> {
  const { io } = ctx;
  const poured = await pour({
    source: localFormulaSource({ repoDir: ctx.repoDir, cwd: io.cwd, searchDirs: request.formulaDirs ?? [] }),
    store: ctx.store,
    formula: request.formula,
    vars: request.vars,
    overlays: request.overlays ?? [],
    id: request.id ?? newMoleculeId,
    now: io.now(),
    by: whoAmI(io.env),
    base: () => currentBase(ctx.repoDir),
    kind: request.kind ?? 'mol',
    ...(request.ttlMs === undefined ? {} : { ttlMs: request.ttlMs }),
    ...(request.loop === undefined ? {} : { loop: request.loop }),
    tell: tellOn(io),
    ...(request.admit === undefined ? {} : { admit: request.admit }),
  });
  if (!poured.ok) return poured;
  return ok({ mol: poured.value.mol, proto: poured.value.proto });
}

/** Formulas as `mol cook` and `mol graph` find them: by path, or by name in this repository. */
export function formulasHere(io: CliIO, searchDirs: readonly string[] = []): FormulaSource {
  return localFormulaSource({ repoDir: gitTopLevel(io.cwd) ?? io.cwd, cwd: io.cwd, searchDirs });
}

/** Problems and warnings as `file:line:col: severity: message` lines on stderr. */
export const tellOn =
  (io: CliIO): Tell =>
  (diagnostic) =>
    io.err(formatDiagnostic(diagnostic));

/** Where the molecule starts: the checked-out branch and its commit, pinned by sha. */
async function currentBase(repoDir: string): Promise<Result<{ ref: string; sha: string }>> {
  const head = await git(repoDir, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], {
    okCodes: [0, 1, 128],
  });
  if (!head.ok || head.value.code !== 0) {
    return err(
      'no-commit',
      `${repoDir} has no commit yet; commit something first, steps start from a commit`,
    );
  }
  const branch = await git(repoDir, ['symbolic-ref', '--short', '-q', 'HEAD'], { okCodes: [0, 1] });
  const ref = branch.ok && branch.value.stdout.trim() !== '' ? branch.value.stdout.trim() : 'HEAD';
  return ok({ ref, sha: head.value.stdout.trim() });
}

/** Who is acting, for the history: `local:<user>`. */
export function whoAmI(env: NodeJS.ProcessEnv): string {
  let name = env.USER ?? env.USERNAME;
  if (!name) {
    try {
      name = userInfo().username;
    } catch {
      name = 'someone';
    }
  }
  return `local:${name}`;
}
