/**
 * `mol pour`, `mol wisp` and `mol run <formula>`: cook, bind the vars (a missing required one is
 * named), cook again with the bound values so the proto is exactly what a later load re-cooks,
 * pin the formula, pour, and create the molecule in the store.
 */
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { bindVars, cook } from '../engine/cook/cook.js';
import type { Proto } from '../engine/cook/proto.js';
import { err, ok, type Result } from '../engine/errors.js';
import type { Molecule } from '../engine/molecule/molecule-schema.js';
import { pour } from '../engine/molecule/ops/pour.js';
import { git } from '../runner/git.js';
import type { CliContext } from './cli-context.js';
import { cookFormula } from './cook-formula.js';
import { newMoleculeId } from './new-molecule-id.js';
import { pinFormula } from './pin-formula.js';

export interface PourRequest {
  formula: string;
  vars: Record<string, string>;
  overlays?: string[];
  kind?: 'mol' | 'wisp';
  ttlMs?: number;
  /** Chosen by the caller; otherwise `<formula>-<random>`. */
  id?: string;
}

export async function pourMolecule(
  ctx: CliContext,
  request: PourRequest,
): Promise<Result<{ mol: Molecule; proto: Proto }>> {
  const { io } = ctx;
  const overlays = (request.overlays ?? []).map((file) => resolve(io.cwd, file));
  const cooked = cookFormula(io, { formula: request.formula, vars: request.vars, overlays });
  if (!cooked.ok) return cooked;
  const bound = bindVars(cooked.value.proto.vars, request.vars);
  if (!bound.ok) return bound;
  const recooked = cook(cooked.value.loaded.parsed, {
    vars: bound.value,
    library: cooked.value.loaded.catalog,
    overlays: cooked.value.overlays,
  });
  if (!recooked.ok) return recooked;
  const proto = recooked.value.proto;
  const formula = await pinFormula(ctx.repoDir, cooked.value, overlays);
  if (!formula.ok) return formula;
  const base = await currentBase(ctx.repoDir);
  if (!base.ok) return base;

  for (let tries = 0; ; tries++) {
    const id = request.id ?? newMoleculeId(proto.formula);
    const poured = pour(proto, {
      id,
      now: io.now(),
      vars: bound.value,
      kind: request.kind ?? 'mol',
      ...(request.ttlMs === undefined ? {} : { ttlMs: request.ttlMs }),
      base: base.value,
      formula: formula.value,
      title: proto.formula,
      by: whoAmI(io.env),
    });
    if (!poured.ok) return poured;
    const created = await ctx.store.create(poured.value.mol);
    if (created.ok) return ok({ mol: created.value, proto });
    if (created.error.code !== 'exists' || request.id !== undefined || tries >= 5) return created;
  }
}

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
