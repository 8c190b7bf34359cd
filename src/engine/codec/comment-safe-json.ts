/**
 * JSON that can sit inside an HTML comment: `--` never appears in it, so neither `-->` nor
 * `--!>` can end the comment early, and `<!--` in a note cannot look like a second state block.
 * Outside strings JSON has no `--` (a minus sign follows `[`, `:` or `,`), and inside strings
 * `\u002d` is a valid escape that JSON.parse reads back as `-`. A backslash in JSON.stringify's
 * output always starts a complete escape, so a `-` is never the tail of one.
 */
export function commentSafeJson(value: unknown): string {
  return commentSafe(JSON.stringify(value));
}

/** The same for JSON text already written. */
export function commentSafe(json: string): string {
  return json.replace(/--/g, '\\u002d\\u002d');
}
