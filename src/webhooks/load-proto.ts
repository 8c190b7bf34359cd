/**
 * A stored molecule holds no step definitions, only its pinned formula (DESIGN §4): this re-reads
 * the pinned blobs (by sha, immutable) or the built-in of that version and cooks them with the
 * molecule's bound vars. The same pins and vars always cook to the same proto, so protos are
 * cached per process; a formula edited on the default branch never changes a running molecule.
 */
import { cook } from '../engine/cook/cook.js';
import type { Proto } from '../engine/cook/proto.js';
import { err, ok, type Result } from '../engine/errors.js';
import { parseFormula } from '../engine/formula/parse-formula.js';
import type { ParsedFormula } from '../engine/formula/parsed-formula.js';
import type { Molecule } from '../engine/molecule/molecule-schema.js';
import { adhocProto } from '../engine/molecule/ops/adhoc-proto.js';
import { repoSlug } from '../github/client.js';
import { loadPinnedFormula } from '../github/formula-library.js';
import { loadBlob } from '../github/repo-file.js';
import { BoundedCache } from './bounded-cache.js';
import { packageBuiltins } from './builtin-formulas.js';
import type { HandlerContext } from './handler-context.js';

const protos = new BoundedCache<string, Proto>(256);

const keyOf = (ctx: HandlerContext, mol: Molecule) =>
  JSON.stringify([repoSlug(ctx.repo).toLowerCase(), mol.formula, mol.vars]);

/** A pour just cooked this proto for this molecule: later loads need not read the pins again. */
export function rememberProto(ctx: HandlerContext, mol: Molecule, proto: Proto): void {
  protos.set(keyOf(ctx, mol), proto);
}

/** The proto when this process already cooked it (no I/O), with the configured retries. */
export function cachedProto(ctx: HandlerContext, mol: Molecule): Proto | undefined {
  const cached = protos.get(keyOf(ctx, mol));
  return cached ? withRetries(cached, ctx.config.default_retries) : undefined;
}

export async function loadProto(ctx: HandlerContext, mol: Molecule): Promise<Result<Proto>> {
  const key = keyOf(ctx, mol);
  const cached = protos.get(key);
  if (cached) return ok(withRetries(cached, ctx.config.default_retries));
  const cooked = await cookPinned(ctx, mol);
  if (!cooked.ok) {
    return err(
      'formula-unloadable',
      `molecule ${mol.id}: its pinned formula "${mol.formula.name}" cannot be loaded: ${cooked.error.message}`,
    );
  }
  protos.set(key, cooked.value);
  return ok(withRetries(cooked.value, ctx.config.default_retries));
}

async function cookPinned(ctx: HandlerContext, mol: Molecule): Promise<Result<Proto>> {
  const { source } = mol.formula;
  if (typeof source === 'object' && 'inline' in source) {
    const adhoc = adhocProto(source.inline);
    if (adhoc.ok) return adhoc;
  }
  const loaded = await loadPinnedFormula(ctx.octokit, ctx.repo, mol.formula, ctx.builtin ?? packageBuiltins);
  if (!loaded.ok) return loaded;
  const overlays: ParsedFormula[] = [];
  for (const pin of mol.formula.overlays ?? []) {
    const text = await loadBlob(ctx.octokit, ctx.repo, pin.blobSha);
    if (!text.ok) return text;
    const parsed = parseFormula(text.value, pin.path);
    if (!parsed.ok) return parsed;
    overlays.push(parsed.value);
  }
  const cooked = cook(loaded.value.root, { vars: mol.vars, library: loaded.value.library, overlays });
  return cooked.ok ? ok(cooked.value.proto) : cooked;
}

/** Tests only: forget every cooked proto, so each test starts cold. */
export function forgetProtos(): void {
  protos.clear();
}

const withDefaults = new WeakMap<Proto, Map<number, Proto>>();

/** The configured `default_retries` for steps that set no `max_retries` (cached, so the engine's proto index is too). */
export function withRetries(proto: Proto, retries: number): Proto {
  if (proto.steps.every((s) => s.maxRetries !== undefined)) return proto;
  let byRetries = withDefaults.get(proto);
  if (!byRetries) {
    byRetries = new Map();
    withDefaults.set(proto, byRetries);
  }
  let filled = byRetries.get(retries);
  if (!filled) {
    filled = {
      ...proto,
      steps: proto.steps.map((s) => (s.maxRetries === undefined ? { ...s, maxRetries: retries } : s)),
    };
    byRetries.set(retries, filled);
  }
  return filled;
}
