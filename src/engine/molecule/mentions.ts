/**
 * `@mention` context (seed 001 §3): `@Design` in a step description names a file
 * through the config's context map; the file's raw content is appended to the step prompt with
 * its source path. Unknown mentions (a person's `@login`, a typo) are listed, never fatal. Pure
 * but for the injected `readFile`, so the GitHub and local faces share it.
 */

export interface ContextItem {
  /** As configured: `@Design`. */
  mention: string;
  /** Repository-relative, normalised. */
  path: string;
  content: string;
}

export interface ResolvedMentions {
  items: ContextItem[];
  /** Mentions the context map does not name. */
  unknown: string[];
  /** Mentions whose file is absent or whose path leaves the repository. */
  missing: Array<{ mention: string; path: string; reason: string }>;
}

/** The file's text, or undefined when there is no such file. */
export type ReadContextFile = (path: string) => Promise<string | undefined>;

// `@` after a letter, digit, `.` or `/` is an e-mail address or a path, not a mention.
const MENTION = /(?<![\w./@])@(\w+)/g;

/** Every distinct `@Name` in the text, in order of first appearance. */
export function extractMentions(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(MENTION), (m) => `@${m[1]}`))];
}

/** `docs/../README.md` -> `README.md`; undefined for absolute paths and paths above the root. */
export function normalizeRepoPath(path: string): string | undefined {
  if (path.startsWith('/') || path.includes('\\') || /^[A-Za-z]:/.test(path)) return undefined;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length > 0 ? parts.join('/') : undefined;
}

/** Looks a mention up exactly, then ignoring case (`@design` for `@Design`). */
function lookup(contextMap: Readonly<Record<string, string>>, mention: string): [string, string] | undefined {
  const exact = contextMap[mention];
  if (exact !== undefined) return [mention, exact];
  const lower = mention.toLowerCase();
  const key = Object.keys(contextMap).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : [key, contextMap[key] as string];
}

export async function resolveMentions(
  text: string,
  contextMap: Readonly<Record<string, string>>,
  readFile: ReadContextFile,
): Promise<ResolvedMentions> {
  const resolved: ResolvedMentions = { items: [], unknown: [], missing: [] };
  const seen = new Set<string>();
  for (const mention of extractMentions(text)) {
    const entry = lookup(contextMap, mention);
    if (!entry) {
      resolved.unknown.push(mention);
      continue;
    }
    const [configured, rawPath] = entry;
    if (seen.has(configured)) continue;
    seen.add(configured);
    const path = normalizeRepoPath(rawPath);
    if (path === undefined) {
      resolved.missing.push({ mention: configured, path: rawPath, reason: 'the path leaves the repository' });
      continue;
    }
    const content = await readFile(path);
    if (content === undefined) resolved.missing.push({ mention: configured, path, reason: 'no such file' });
    else resolved.items.push({ mention: configured, path, content });
  }
  return resolved;
}

/** The items as a prompt section: a header with the mention and its source path, then the raw content. */
export function formatForPrompt(items: readonly ContextItem[]): string {
  return items
    .map(
      (item) => `### Context ${item.mention} (from \`${item.path}\`)\n\n${item.content.replace(/\s+$/, '')}`,
    )
    .join('\n\n---\n\n');
}
