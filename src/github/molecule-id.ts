/**
 * Molecule ids on GitHub carry the number of the issue or pull request whose comment holds the
 * state (`12-a1b2c3` lives on #12), so `load(id)` knows where to look without an index. The
 * form is also a valid git ref path segment (`refs/molecular/locks/12-a1b2c3`, branches
 * `molecular/12-a1b2c3/<step>`) and matches MoleculeSchema's id pattern.
 */
const SUFFIX = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const ID = /^([1-9]\d{0,9})-([A-Za-z0-9][A-Za-z0-9_-]{0,63})$/;

export function moleculeIdFor(issue: number, suffix: string): string {
  if (!Number.isSafeInteger(issue) || issue < 1)
    throw new RangeError(`issue number ${issue} is not a positive integer`);
  if (!SUFFIX.test(suffix))
    throw new RangeError(`molecule id suffix "${suffix}" must be letters, digits, "_" or "-"`);
  return `${issue}-${suffix}`;
}

/** The issue a GitHub molecule id points at, or undefined for ids minted elsewhere (local, tests). */
export function parseMoleculeId(id: string): { issue: number; suffix: string } | undefined {
  const match = ID.exec(id);
  if (!match) return undefined;
  return { issue: Number(match[1]), suffix: match[2] as string };
}

/** A random suffix for a new molecule: 6 hex digits from the injected source (the engine stays pure). */
export function newMoleculeSuffix(random: () => number = Math.random): string {
  return Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0');
}
