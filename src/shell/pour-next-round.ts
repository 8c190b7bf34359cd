/**
 * Carrying out a patrol loop locally: once a patrol wisp completes, pour the round after it (the
 * engine's `nextRound` says whether one follows, with what id, vars and TTL). Only pour: the new
 * round runs when someone runs it (`mol run <id>`), so no process ever loops on its own. The
 * formula is read again from where the finished round found it, as upstream pours its patrol by
 * name each cycle; the new round starts from the current commit of the finished round's branch.
 */
import {
  type Molecule,
  type MoleculeStore,
  nextRound,
  ok,
  type Proto,
  type Result,
} from '../engine/index.js';
import { localFormulaSource } from '../local/formulas/local-formula-source.js';
import { git } from '../runner/git.js';
import { pour } from './pour.js';

export interface NextRoundScene {
  repoDir: string;
  store: MoleculeStore;
  io: { now(): Date; err(line: string): void };
}

/** The id of the round poured after `mol`, or undefined when none follows (or it was poured before). */
export async function pourNextRound(
  scene: NextRoundScene,
  mol: Molecule,
  proto: Proto,
): Promise<Result<string | undefined>> {
  const next = nextRound(mol, proto);
  if (next === undefined) return ok(undefined);
  const source = mol.formula.source;
  const poured = await pour({
    source: localFormulaSource({ repoDir: scene.repoDir, cwd: scene.repoDir, searchDirs: [] }),
    store: scene.store,
    formula: typeof source === 'object' && 'path' in source ? source.path : proto.formula,
    vars: next.vars,
    id: next.id,
    // A round poured before (a crash after its pour, two processes finishing together) is found, not doubled.
    idempotent: true,
    now: scene.io.now(),
    by: mol.history.find((h) => h.event === 'wisp')?.by ?? 'molecular',
    base: () => currentBase(scene.repoDir, mol.base),
    kind: 'wisp',
    ttlMs: next.ttlMs,
    loop: { root: next.root, round: next.round },
  });
  if (!poured.ok) return poured;
  if (poured.value.existed) return ok(undefined);
  scene.io.err(
    `mol: ${mol.id} completed; round ${next.round} of the patrol poured as ${next.id} (run it with mol run ${next.id}; stop the loop with mol burn ${next.id})`,
  );
  return ok(next.id);
}

async function currentBase(
  repoDir: string,
  base: Molecule['base'],
): Promise<Result<{ ref: string; sha?: string }>> {
  const head = await git(repoDir, ['rev-parse', '--verify', '--quiet', `${base.ref}^{commit}`], {
    okCodes: [0, 1, 128],
  });
  if (head.ok && head.value.code === 0) return ok({ ref: base.ref, sha: head.value.stdout.trim() });
  return ok(base);
}
