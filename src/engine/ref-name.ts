/**
 * Which names git accepts in a ref. Step ids and molecule ids become parts of refs and branches
 * (`molecular/<mol>/<step>`, `refs/molecular/attempts/<mol>/<step>/<n>`, `refs/molecular/locks/<mol>`),
 * so they are checked here, once, when they are written, rather than by `git update-ref` failing
 * on every attempt of a run. The rule is `git check-ref-format --allow-onelevel` (refs.c,
 * `check_refname_format`), which a property test compares with git itself.
 */

/** git's rule, in one sentence for messages. */
export const REF_NAME_RULE =
  'git refuses spaces, control characters and ~ ^ : ? * [ \\ in a ref, and "..", "@{", "//", a name "@", a part starting with "." or ending with ".lock", and a trailing "/" or "."';

// Bytes git refuses anywhere in a ref (refs.c's refname_disposition, value 4 and the `*` of 5).
const FORBIDDEN = /[\u0000-\u001f\u007f ~^:?*[\\]/u;

function describeChar(ch: string): string {
  if (ch === ' ') return 'a space';
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f)
    return `a control character (U+${code.toString(16).padStart(4, '0').toUpperCase()})`;
  return `"${ch}"`;
}

/**
 * Why git would refuse `name` as a ref (`git check-ref-format --allow-onelevel`), or undefined when
 * it accepts it. A leading "-" is accepted here, as git does for a ref; `refPartProblem` refuses it.
 */
export function refNameProblem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name === '@') return 'it is "@"';
  const bad = FORBIDDEN.exec(name);
  if (bad) return `it contains ${describeChar(bad[0])}`;
  if (name.includes('..')) return 'it contains ".."';
  if (name.includes('@{')) return 'it contains "@{"';
  if (name.startsWith('/')) return 'it starts with "/"';
  if (name.endsWith('/')) return 'it ends with "/"';
  if (name.includes('//')) return 'it contains "//"';
  for (const part of name.split('/')) {
    if (part.startsWith('.'))
      return part === name ? 'it starts with "."' : `its part "${part}" starts with "."`;
    if (part.endsWith('.lock'))
      return part === name ? 'it ends with ".lock"' : `its part "${part}" ends with ".lock"`;
  }
  if (name.endsWith('.')) return 'it ends with "."';
  return undefined;
}

/**
 * Why `name` cannot be one part of a ref path and of a branch name, or undefined when it can: git's
 * rule, and no "/" (a step `a/b` and a step `a` would fight over `molecular/<mol>/a`) and no
 * leading "-" (a branch name, and an argument git would read as an option).
 */
export function refPartProblem(name: string): string | undefined {
  if (name.includes('/')) return 'it contains "/"';
  if (name.startsWith('-')) return 'it starts with "-"';
  return refNameProblem(name);
}
