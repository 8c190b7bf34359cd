/**
 * Git's loose object as hashed (`<type> <size>\0<body>`, SHA-1) and the one kind the lease keeper
 * writes: a commit with a tree, author and committer lines and a message, byte for byte what
 * `git commit-tree <tree> -m <message>` writes for the same identity and time (a message that
 * ends in a newline is kept as it is; one that does not gets one).
 */
import { createHash } from 'node:crypto';

export type GitObjectType = 'commit' | 'tree' | 'blob' | 'tag';

export interface GitObject {
  type: GitObjectType;
  body: Buffer;
}

export function objectSha(object: GitObject): string {
  return createHash('sha1')
    .update(`${object.type} ${object.body.length}\0`)
    .update(object.body)
    .digest('hex');
}

export interface Person {
  name: string;
  email: string;
}

export interface CommitFields {
  tree: string;
  parents?: readonly string[];
  author: Person;
  committer: Person;
  /** Seconds since the epoch, for author and committer; written in UTC (`+0000`). */
  time: number;
  message: string;
}

export function commitObject(fields: CommitFields): GitObject {
  const when = `${Math.floor(fields.time)} +0000`;
  const message = fields.message.endsWith('\n') ? fields.message : `${fields.message}\n`;
  const lines = [
    `tree ${fields.tree}`,
    ...(fields.parents ?? []).map((parent) => `parent ${parent}`),
    `author ${fields.author.name} <${fields.author.email}> ${when}`,
    `committer ${fields.committer.name} <${fields.committer.email}> ${when}`,
  ];
  return { type: 'commit', body: Buffer.from(`${lines.join('\n')}\n\n${message}`, 'utf8') };
}

/** What a commit's body says that a lease reads: when it was committed and its message. */
export interface CommitSummary {
  /** Seconds since the epoch. */
  committerTime: number;
  message: string;
}

/** Reads a commit's body; throws a one-line Error when it has no committer line. */
export function readCommit(body: Buffer): CommitSummary {
  const text = body.toString('utf8');
  const gap = text.indexOf('\n\n');
  const headers = gap < 0 ? text : text.slice(0, gap);
  const message = gap < 0 ? '' : text.slice(gap + 2);
  const committer = /^committer .* (-?\d+) [+-]\d{4}$/m.exec(headers);
  if (!committer) throw new Error('a commit without a committer line');
  return { committerTime: Number(committer[1]), message };
}
