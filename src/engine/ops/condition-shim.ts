/**
 * Stand-in for `evaluateCondition` from `src/engine/condition.ts` (written with cook) until it
 * lands; delete this file and import from '../condition.js' then. Understands the forms the
 * design names: `name`, `!name`, `name == "text"`, `name != "text"`.
 */
import { err, ok, type Result } from '../errors.js';

export function evaluateCondition(expr: string, vars: Record<string, string>): Result<boolean> {
  const text = expr.trim();
  const compare = /^([A-Za-z_][\w.-]*)\s*(==|!=)\s*(?:"([^"]*)"|'([^']*)')$/.exec(text);
  if (compare) {
    const value = vars[compare[1] as string] ?? '';
    const other = compare[3] ?? compare[4] ?? '';
    return ok(compare[2] === '==' ? value === other : value !== other);
  }
  const bare = /^(!?)\s*([A-Za-z_][\w.-]*)$/.exec(text);
  if (bare) {
    const truthy = !['', 'false', '0', 'no'].includes((vars[bare[2] as string] ?? '').toLowerCase());
    return ok(bare[1] === '!' ? !truthy : truthy);
  }
  return err('invalid-condition', `condition "${expr}" is not an expression I understand`);
}
