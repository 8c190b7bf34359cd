/**
 * Every GraphQL document Molecular sends, checked against GitHub's published schema. Documents are
 * found in the source, not listed by hand: any template literal that opens with `query`,
 * `mutation` or `subscription` must be an exported constant (so it can be imported with its
 * interpolations filled in), and every `.graphql(...)` call must pass one of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkDocument } from '../helpers/fake-github/graphql-schema.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Found {
  file: string;
  name: string;
}

const OPERATION_LITERAL = /`\s*(?:query|mutation|subscription)\b/g;
const EXPORTED_DOCUMENT = /export const (\w+)\s*=\s*`\s*(?:query|mutation|subscription)\b/g;
/** `octokit.graphql(X, ...)` and `octokit.graphql<T>(X, ...)`: X up to the first comma or paren. */
const GRAPHQL_CALL = /\.graphql\s*(?:<[^>]*(?:<[^>]*>[^>]*)*>)?\s*\(\s*([^,)]+)/g;

function scan() {
  const documents: Found[] = [];
  const strays: string[] = [];
  const calls: Array<{ file: string; argument: string }> = [];
  for (const path of sourceFiles(SRC)) {
    const text = readFileSync(path, 'utf8');
    const file = relative(ROOT, path);
    const exported = [...text.matchAll(EXPORTED_DOCUMENT)];
    for (const match of exported) documents.push({ file, name: match[1] as string });
    const literals = [...text.matchAll(OPERATION_LITERAL)].length;
    if (literals > exported.length) strays.push(`${file}: ${literals - exported.length} not exported`);
    for (const match of text.matchAll(GRAPHQL_CALL))
      calls.push({ file, argument: (match[1] as string).trim() });
  }
  return { documents, strays, calls };
}

describe('GraphQL documents in src/', () => {
  const { documents, strays, calls } = scan();

  it('are all exported constants, and every graphql call sends one of them', () => {
    expect(strays).toEqual([]);
    expect(calls.length).toBeGreaterThan(0);
    const names = new Set(documents.map((d) => d.name));
    expect(calls.filter((call) => !names.has(call.argument))).toEqual([]);
  });

  it('finds the documents the adapter sends', () => {
    expect(documents.map((d) => d.name)).toEqual(
      expect.arrayContaining(['SURVEY_QUERY', 'COMMENTS_QUERY', 'COMMENT_QUERY']),
    );
  });

  it.each(documents)('$name ($file) is valid against GitHub’s schema', async ({ file, name }) => {
    const module = (await import(pathToFileURL(join(ROOT, file)).href)) as Record<string, unknown>;
    const source = module[name];
    expect(typeof source).toBe('string');
    const checked = checkDocument(source as string);
    expect(checked.ok ? [] : checked.errors).toEqual([]);
  });
});
