import { randomBytes } from 'node:crypto';

/**
 * `hello-3f9a1c`: the formula's name, readable in `mol list`, plus enough randomness not to collide.
 * It names git refs, so it keeps to what git accepts there (no "..": `a..b` becomes `a.b`).
 */
export function newMoleculeId(formula: string): string {
  const slug = formula
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 40);
  return `${slug || 'mol'}-${randomBytes(3).toString('hex')}`;
}
