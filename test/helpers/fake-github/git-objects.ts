import { createHash } from 'node:crypto';

/** Git's object id: sha1 over `<type> <byte length>\0<content>`, exactly what `git hash-object` prints. */
export function gitObjectSha(type: 'blob' | 'tree' | 'commit', content: Buffer): string {
  const header = Buffer.from(`${type} ${content.length}\0`, 'utf8');
  return createHash('sha1').update(header).update(content).digest('hex');
}

export function blobSha(content: string | Buffer): string {
  return gitObjectSha('blob', typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
}

export interface TreeEntry {
  path: string;
  mode: '100644' | '040000';
  type: 'blob' | 'tree';
  sha: string;
  size?: number;
}

interface Dir {
  files: Map<string, string>;
  dirs: Map<string, Dir>;
}

function buildDirs(files: ReadonlyMap<string, string>): Dir {
  const root: Dir = { files: new Map(), dirs: new Map() };
  for (const [path, content] of files) {
    const parts = path.split('/');
    const name = parts.pop() ?? path;
    let dir = root;
    for (const part of parts) {
      let next = dir.dirs.get(part);
      if (!next) {
        next = { files: new Map(), dirs: new Map() };
        dir.dirs.set(part, next);
      }
      dir = next;
    }
    dir.files.set(name, content);
  }
  return root;
}

/**
 * Writes a real git tree (and its subtrees) so tree shas match what git would compute for the
 * same files: entries sorted by name, directories compared as `name/`.
 */
function hashDir(dir: Dir, prefix: string, out: TreeEntry[]): string {
  const entries: Array<{ sortKey: string; bytes: Buffer }> = [];
  for (const [name, content] of dir.files) {
    const sha = blobSha(content);
    out.push({ path: prefix + name, mode: '100644', type: 'blob', sha, size: Buffer.byteLength(content) });
    entries.push({ sortKey: name, bytes: entryBytes('100644', name, sha) });
  }
  for (const [name, child] of dir.dirs) {
    const sha = hashDir(child, `${prefix}${name}/`, out);
    out.push({ path: prefix + name, mode: '040000', type: 'tree', sha });
    entries.push({ sortKey: `${name}/`, bytes: entryBytes('40000', name, sha) });
  }
  entries.sort((a, b) => Buffer.compare(Buffer.from(a.sortKey), Buffer.from(b.sortKey)));
  return gitObjectSha('tree', Buffer.concat(entries.map((e) => e.bytes)));
}

function entryBytes(mode: string, name: string, sha: string): Buffer {
  return Buffer.concat([Buffer.from(`${mode} ${name}\0`, 'utf8'), Buffer.from(sha, 'hex')]);
}

/** The root tree sha of a file set plus every entry, as `GET git/trees/{sha}?recursive=1` lists them. */
export function hashTree(files: ReadonlyMap<string, string>): { sha: string; entries: TreeEntry[] } {
  const entries: TreeEntry[] = [];
  const sha = hashDir(buildDirs(files), '', entries);
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { sha, entries };
}

/**
 * A stand-in commit id for a branch whose files are `files`: the fake has no commit objects, but a
 * deterministic id lets a test predict `head_sha` and makes it change whenever the files change.
 */
export function syntheticCommitSha(treeSha: string, branch: string): string {
  return gitObjectSha('commit', Buffer.from(`tree ${treeSha}\nbranch ${branch}\n`, 'utf8'));
}
