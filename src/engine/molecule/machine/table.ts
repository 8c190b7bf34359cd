/**
 * A state machine as data (XState's habit): for each state, the events it accepts and the states
 * each may lead to. Operations consult the table before they act, so a refusal and a diagram
 * (the renderer's mermaid graph) come from the same place and cannot drift.
 */
export type TransitionTable<S extends string, E extends string> = Readonly<
  Record<S, Readonly<Partial<Record<E, readonly S[]>>>>
>;

export function canTransition<S extends string, E extends string>(
  table: TransitionTable<S, E>,
  from: S,
  event: E,
): boolean {
  return targetsOf(table, from, event).length > 0;
}

/** The states `event` may lead to from `from`; empty when the event is refused there. */
export function targetsOf<S extends string, E extends string>(
  table: TransitionTable<S, E>,
  from: S,
  event: E,
): readonly S[] {
  return table[from][event] ?? [];
}

/** The events a state accepts, in table order (for help texts and diagrams). */
export function acceptedEvents<S extends string, E extends string>(
  table: TransitionTable<S, E>,
  from: S,
): E[] {
  return Object.keys(table[from]) as E[];
}
