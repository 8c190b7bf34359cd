/**
 * `{{name}}` placeholders, the only variable syntax. Same identifier rule as Beads'
 * `ExtractVariables`, so Go-template text such as `{{.output.directory}}` in Gas Town convoys is
 * never mistaken for a variable and stays as written.
 */
export const PLACEHOLDER = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;

/** Replace each `{{name}}` whose name is a key of `vars`; every other placeholder stays as text. */
export function substitute(text: string, vars: Readonly<Record<string, string>>): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(vars, name) ? (vars[name] as string) : whole,
  );
}

/** The names of the placeholders in `text`, in order of first appearance. */
export function placeholders(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1] as string);
  return [...names];
}

/** Anything that looks like a placeholder, spaces and dots included: refused in `run` (the parser's rule too). */
export const RUN_PLACEHOLDER = /\{\{\s*[A-Za-z_][\w.-]*\s*\}\}/;
