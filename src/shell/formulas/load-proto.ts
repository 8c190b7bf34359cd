/**
 * A stored molecule holds no step definitions, only its pinned formula: this re-reads
 * the pinned bytes (by blob sha, immutable) or the built-in of that name, and cooks them again
 * with the molecule's bound vars. The same pins and vars always cook to the same proto, so one
 * bounded cache per process serves every face; a formula edited after the pour never changes a
 * running molecule.
 */

import {
  adhocProto,
  type Cooked,
  cook,
  DESCRIPTION_FILE_PIN,
  descriptionFilePin,
  descriptionFilesOf,
  err,
  type FormulaRef,
  type FormulaSource,
  type Molecule,
  ok,
  type ParsedFormula,
  type Proto,
  parseFormula,
  type Result,
  withDefaultRetries,
  withDescriptionFiles,
  withFanouts,
} from '../../engine/index.js';
import { BoundedCache } from '../bounded-cache.js';

const protos = new BoundedCache<string, Proto>(256);

export interface ProtoOptions {
  /** `max_retries` for steps that set none (the repository config's `default_retries`). */
  defaultRetries?: number;
}

const keyOf = (scope: string, mol: Molecule) => JSON.stringify([scope, mol.formula, mol.vars]);

/** A pour just cooked this proto for this molecule: later loads need not read the pins again. */
export function rememberProto(scope: string, mol: Molecule, proto: Proto): void {
  protos.set(keyOf(scope, mol), proto);
}

/** The proto when this process already cooked it (no I/O). */
export function cachedProto(scope: string, mol: Molecule, options: ProtoOptions = {}): Proto | undefined {
  const cached = protos.get(keyOf(scope, mol));
  return cached ? withFanouts(withDefaultRetries(cached, options.defaultRetries), mol) : undefined;
}

export async function loadProto(
  source: FormulaSource,
  mol: Molecule,
  options: ProtoOptions = {},
): Promise<Result<Proto>> {
  const key = keyOf(source.scope, mol);
  const cached = protos.get(key);
  if (cached) return ok(withFanouts(withDefaultRetries(cached, options.defaultRetries), mol));
  const cooked = await cookPinned(source, mol);
  if (!cooked.ok) {
    return err(
      'formula-unloadable',
      `molecule ${mol.id}: its pinned formula "${mol.formula.name}" cannot be loaded: ${cooked.error.message}`,
    );
  }
  protos.set(key, cooked.value);
  return ok(withFanouts(withDefaultRetries(cooked.value, options.defaultRetries), mol));
}

async function cookPinned(source: FormulaSource, mol: Molecule): Promise<Result<Proto>> {
  const { formula } = mol;
  // Ad-hoc molecules (the manager's createMolecule) carry their steps.
  if (typeof formula.source === 'object' && 'inline' in formula.source) {
    const adhoc = adhocProto(formula.source.inline);
    if (adhoc.ok) return adhoc;
  }
  const pins = formula.pins ?? {};
  const root = await described(
    source,
    pins,
    formula.name,
    await readPinned(source, formula.name, formula.source),
  );
  if (!root.ok) return root;
  const library = new Map<string, ParsedFormula>();
  for (const [name, pin] of Object.entries(pins)) {
    if (name.startsWith(DESCRIPTION_FILE_PIN)) continue;
    const parsed = await described(source, pins, name, await readPinned(source, name, pin));
    if (!parsed.ok) return parsed;
    library.set(name, parsed.value);
  }
  const overlays: ParsedFormula[] = [];
  for (const pin of formula.overlays ?? []) {
    const parsed = await readPinned(source, pin.path, pin);
    if (!parsed.ok) return parsed;
    overlays.push(parsed.value);
  }
  const cooked: Result<Cooked> = cook(root.value, {
    vars: mol.vars,
    library: { get: (name) => library.get(name) },
    overlays,
  });
  return cooked.ok ? ok(cooked.value.proto) : cooked;
}

/** The pinned description files read back into the formula; one pinned without them stays as it is. */
async function described(
  source: FormulaSource,
  pins: NonNullable<FormulaRef['pins']>,
  name: string,
  parsed: Result<ParsedFormula>,
): Promise<Result<ParsedFormula>> {
  if (!parsed.ok) return parsed;
  const texts = new Map<string, string>();
  for (const file of descriptionFilesOf(parsed.value)) {
    const pin = pins[descriptionFilePin(name, file)];
    if (pin === undefined || typeof pin === 'string') continue;
    const text = await source.readBlob(pin);
    if (!text.ok) return text;
    texts.set(file, text.value);
  }
  return texts.size === 0 ? parsed : withDescriptionFiles(parsed.value, texts);
}

async function readPinned(
  source: FormulaSource,
  name: string,
  pin: FormulaRef['source'],
): Promise<Result<ParsedFormula>> {
  if (typeof pin === 'string') {
    const found = source.builtin(name);
    if (found) return parseFormula(found.text, found.file);
    return err('unknown-formula', `the built-in formula "${name}" pinned as ${pin} is not in this Molecular`);
  }
  if ('inline' in pin) return parseFormula(JSON.stringify(pin.inline), `${name} (inline)`, 'json');
  const text = await source.readBlob(pin);
  if (!text.ok) return text;
  return parseFormula(text.value, pin.path);
}

/** Tests only: forget every cooked proto, so each test starts cold. */
export function forgetProtos(): void {
  protos.clear();
}
