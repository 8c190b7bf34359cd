import type { StepInput } from '../formula/formula-schema.js';
import type { Origin } from './cook-context.js';

/**
 * A step on its way through cook. Extends, expansions, aspects and overlays rewrite ids and needs
 * and pull steps from other files, so each step carries where it was written (for messages) and
 * the text as written (to point at the exact `needs` entry that is wrong).
 */
export interface WorkStep {
  id: string;
  /** `needs` ∪ `depends_on`, rewritten as cook splices steps in. */
  needs: string[];
  /** The step's other fields; never mutated (the parsed formula is shared), replaced when changed. */
  fields: StepInput;
  origin: Origin;
  /** The step as written in its file, before any rewriting. */
  written: StepInput;
  /** Set on the children of a Gas Town parallel group and on the group's own join step. */
  group?: string;
}

/** The lists' items, each once, in order of first appearance. Called for every step, so it avoids building a Set for short lists. */
export function union(...lists: readonly (readonly string[] | undefined)[]): string[] {
  const out: string[] = [];
  let seen: Set<string> | undefined;
  for (const list of lists) {
    if (!list) continue;
    for (const item of list) {
      if (seen ? seen.has(item) : out.includes(item)) continue;
      out.push(item);
      if (seen) seen.add(item);
      else if (out.length > 16) seen = new Set(out);
    }
  }
  return out;
}

/** A step read from a formula file: `needs` and `depends_on` folded together. */
export function workStep(step: StepInput, origin: Origin, written: StepInput = step): WorkStep {
  const { needs, depends_on, children: _children, ...fields } = step;
  return {
    id: step.id,
    needs: union(needs, depends_on),
    fields: { ...fields, id: step.id },
    origin,
    written,
  };
}

/**
 * Steps spliced in place of (or around) one step: the entry steps are those that need nothing
 * else among them, the exit steps those nothing else among them needs.
 */
export function entriesAndExits(steps: readonly WorkStep[]): { entries: WorkStep[]; exits: WorkStep[] } {
  const ids = new Set(steps.map((s) => s.id));
  const needed = new Set(steps.flatMap((s) => s.needs));
  return {
    entries: steps.filter((s) => !s.needs.some((n) => ids.has(n))),
    exits: steps.filter((s) => !needed.has(s.id)),
  };
}

/** Every step that needed `id` needs `replacement` instead (steps in `except` are left alone). */
export function redirectNeeds(
  steps: readonly WorkStep[],
  id: string,
  replacement: readonly string[],
  except: ReadonlySet<string> = new Set(),
): WorkStep[] {
  return steps.map((s) =>
    !except.has(s.id) && s.needs.includes(id)
      ? { ...s, needs: union(...s.needs.map((n) => (n === id ? replacement : [n]))) }
      : s,
  );
}
