/**
 * Runtime fan-out (Beads' and Gas City's `on_complete` with `for_each` / `bond`). Upstream's
 * meaning (gascity internal/dispatch/fanout.go processFanout): when the step completes, the
 * array at `for_each` in its output gives the items; each item gets a copy of the bond's steps
 * under `<step>.item.<n>` (n from 1), with the item's vars (`{item}`, `{item.<field>}`, `{index}`
 * from 0); the copies run side by side, or one after another when `sequential`.
 *
 * The molecule records only each item's vars on the fan-out step (`StepState.fanout`); the
 * children's definitions are derived here from those and the bond cook kept in the proto, so a
 * re-cooked proto plus the molecule always gives the same steps, with the same ids.
 */
import type { Proto, ProtoFanout, ProtoStep } from '../cook/proto.js';
import { fillTarget } from '../cook/target-placeholders.js';
import { err, ok, type Result } from '../errors.js';
import { substitute } from '../formula/substitute.js';
import { type Molecule, OUTPUT_TAIL_CHARS, type StepState } from './molecule-schema.js';

/** Upstream spawns what its output holds; this bounds one fan-out so a runaway list cannot swamp the state. */
export const MAX_FANOUT_ITEMS = 500;

/**
 * The step's output is the last line its command printed that is a JSON object or array
 * (Gas City's `gc.output_json`, which its producer sets before closing the step).
 */
export function outputOf(tail: string | undefined): unknown {
  const lines = (tail ?? '').split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] as string).trim();
    if (!line.startsWith('{') && !line.startsWith('[')) continue;
    try {
      return JSON.parse(line);
    } catch {
      // not JSON: look further up
    }
  }
  return undefined;
}

/** Each item's vars, from the step's output (fanout.go resolveFanoutItems and materializeFanoutVars). */
export function fanoutItems(
  step: string,
  fanout: ProtoFanout,
  tail: string | undefined,
): Result<Record<string, string>[]> {
  const output = outputOf(tail);
  const where = `step "${step}": on_complete for_each "${fanout.forEach}"`;
  if (output === undefined) {
    // A line longer than what the checkpoint keeps is cut at its start: say so, not "no JSON".
    const cut = (tail ?? '').length >= OUTPUT_TAIL_CHARS;
    return err(
      'fanout-output',
      cut
        ? `${where}: the step printed no JSON output that ends within its last ${OUTPUT_TAIL_CHARS} characters, all a step keeps of its output; print the list shorter, as the last line`
        : `${where}: the step printed no JSON output (its last JSON line is its output, e.g. {"items": [...]})`,
    );
  }
  let current: unknown = output;
  for (const part of fanout.forEach.replace(/^output\./, '').split('.')) {
    if (!isRecord(current)) return err('fanout-output', `${where}: the output has no array there`);
    current = current[part];
  }
  if (!Array.isArray(current)) return err('fanout-output', `${where}: the output has no array there`);
  if (current.length > MAX_FANOUT_ITEMS) {
    return err('fanout-output', `${where}: ${current.length} items, more than ${MAX_FANOUT_ITEMS}`);
  }
  return ok(current.map((item, index) => itemVars(fanout.vars, item, index)));
}

function itemVars(
  spec: Readonly<Record<string, string>>,
  item: unknown,
  index: number,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, template] of Object.entries(spec)) {
    out[name] = template.replace(/\{([^{}]+)\}/g, (whole, token: string) => {
      if (token === 'index') return String(index);
      if (token === 'item') return text(item);
      if (token.startsWith('item.')) {
        let at: unknown = item;
        for (const part of token.slice(5).split('.')) at = isRecord(at) ? at[part] : undefined;
        return at === undefined ? '' : text(at);
      }
      return whole;
    });
  }
  return out;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `<step>.item.<n>`: the target each copy of the bond is named under (fanout.go's targetRef). */
export const itemTarget = (step: string, n: number): string => `${step}.item.${n}`;

/** Whether `id` is one of `spawner`'s fan-out children. */
export const isChildOf = (id: string, spawner: string): boolean => id.startsWith(`${spawner}.item.`);

/** The children of one fan-out step, in item order, each copy wired inside itself as the bond is. */
export function fanoutChildren(source: ProtoStep, items: readonly Record<string, string>[]): ProtoStep[] {
  const fanout = source.fanout;
  if (!fanout) return [];
  const out: ProtoStep[] = [];
  let previousExits: string[] = [];
  items.forEach((vars, k) => {
    const target = itemTarget(source.id, k + 1);
    const values = {
      ...vars,
      target,
      'target.id': target,
      'target.title': source.title,
      'target.description': source.description,
    };
    const idOf = (id: string): string => {
      const filled = fillTarget(id, { target });
      return filled === id ? `${target}.${id}` : filled;
    };
    const inside = new Set(fanout.template.flatMap((t) => t.needs));
    const fill = (s: string) => fillTarget(substitute(s, vars), values);
    const exits: string[] = [];
    for (const t of fanout.template) {
      const own = t.needs.map(idOf);
      const entry = t.needs.length === 0;
      const needs = entry ? [source.id, ...(fanout.sequential ? previousExits : []), ...own] : own;
      const child: ProtoStep = {
        id: idOf(t.id),
        title: fill(t.title),
        description: fill(t.description),
        needs,
        type: t.type,
        gates: [],
        trigger: 'all_success',
        vars,
      };
      if (t.run !== undefined) child.run = t.run;
      if (t.agent !== undefined) child.agent = t.agent;
      out.push(child);
      if (!inside.has(t.id)) exits.push(child.id);
    }
    previousExits = exits;
  });
  return out;
}

const derived = new WeakMap<Proto, Map<string, Proto>>();
const positions = new WeakMap<Proto, readonly number[]>();

/**
 * Where the proto's fan-out steps are, worked out once per proto object: most protos have none,
 * and then a transition must not pay a walk of every step to find that out.
 */
export function spawnerPositions(proto: Proto): readonly number[] {
  let hit = positions.get(proto);
  if (!hit) {
    hit = proto.steps.flatMap((s, i) => (s.fanout === undefined ? [] : [i]));
    positions.set(proto, hit);
  }
  return hit;
}

/**
 * The proto a molecule runs: the cooked one plus every fan-out's children the molecule recorded
 * (in the molecule's order, so the two match), and each `waits_for` step also needing its
 * spawner's children. Idempotent; the same proto object for the same records.
 */
export function withFanouts(proto: Proto, mol: Pick<Molecule, 'steps'>): Proto {
  const at = spawnerPositions(proto);
  if (at.length === 0) return proto;
  const spawners = at.map((i) => proto.steps[i] as ProtoStep);
  const known = new Set(proto.steps.map((s) => s.id));
  const records = new Map<string, StepState['fanout']>();
  for (const s of mol.steps) if (s.fanout !== undefined) records.set(s.id, s.fanout);
  const fresh = spawners.filter((s) => records.has(s.id));
  if (fresh.length === 0) return proto;
  const key = JSON.stringify(
    fresh
      .map((s) => [s.id, records.get(s.id)])
      .concat(mol.steps.map((s) => s.id).filter((id) => !known.has(id))),
  );
  let byKey = derived.get(proto);
  if (!byKey) {
    byKey = new Map();
    derived.set(proto, byKey);
  }
  const hit = byKey.get(key);
  if (hit) return hit;
  const children = fresh.flatMap((s) =>
    fanoutChildren(s, records.get(s.id) ?? []).filter((c) => !known.has(c.id)),
  );
  if (children.length === 0) return proto;
  const place = new Map(mol.steps.map((s, i) => [s.id, i]));
  const order = (c: ProtoStep) => place.get(c.id) ?? Number.MAX_SAFE_INTEGER;
  children.sort((a, b) => order(a) - order(b));
  const steps = proto.steps.map((s) => {
    if (s.waitsFor === undefined) return s;
    const spawner = s.waitsFor.spawner;
    const mine = children.filter((c) => isChildOf(c.id, spawner)).map((c) => c.id);
    return mine.length === 0
      ? s
      : { ...s, needs: [...s.needs, ...mine.filter((id) => !s.needs.includes(id))] };
  });
  const out: Proto = { ...proto, steps: [...steps, ...children] };
  byKey.set(key, out);
  return out;
}

/** The proto without any fan-out's children (what a fresh pour starts from). */
export function withoutFanouts(proto: Proto): Proto {
  const spawners = spawnerPositions(proto).map((i) => (proto.steps[i] as ProtoStep).id);
  if (spawners.length === 0) return proto;
  const child = (id: string) => spawners.some((s) => isChildOf(id, s));
  if (!proto.steps.some((s) => child(s.id))) return proto;
  const steps = proto.steps
    .filter((s) => !child(s.id))
    .map((s) => (s.waitsFor === undefined ? s : { ...s, needs: s.needs.filter((n) => !child(n)) }));
  return { ...proto, steps };
}
