import { notFound, unprocessable } from '../errors.js';
import { gitObjectSha, hashTree } from '../git-objects.js';
import { readRemoteCommit, storeCommitObject } from '../lock-refs.js';
import { gitCommitShape } from '../shapes/git.js';
import type { FakeState, GitCommitRecord } from '../state.js';
import type { HandlerTable } from './types.js';

/** Git's empty tree: every repository can name it without storing anything. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

interface CreateCommitBody {
  message: string;
  tree: string;
  parents?: string[];
  author?: { name: string; email: string; date?: string };
  committer?: { name: string; email: string; date?: string };
}

function treeExists(state: FakeState, sha: string): boolean {
  if (sha === EMPTY_TREE) return true;
  if ([...state.gitCommits.values()].some((c) => c.tree === sha)) return true;
  return [...state.branchFiles.values()].some((files) => hashTree(files).sha === sha);
}

async function commitExists(state: FakeState, sha: string): Promise<boolean> {
  if (state.gitCommits.has(sha) || [...state.allRefs().values()].includes(sha)) return true;
  return state.gitRemote !== undefined && (await readRemoteCommit(state.gitRemote, sha)) !== undefined;
}

/** `git commit-tree`'s object text, so the sha is the one git would compute. */
function commitText(c: Omit<GitCommitRecord, 'sha'>): string {
  const who = (p: { name: string; email: string; date: string }) =>
    `${p.name} <${p.email}> ${Math.floor(Date.parse(p.date) / 1000)} +0000`;
  return [
    `tree ${c.tree}`,
    ...c.parents.map((p) => `parent ${p}`),
    `author ${who(c.author)}`,
    `committer ${who(c.committer)}`,
    '',
    c.message,
  ].join('\n');
}

/** The git database's commits: what the ref lock writes its lease into. */
export const gitCommitRoutes: HandlerTable = {
  'git/create-commit': async ({ state, links, body, actor }) => {
    const input = body as CreateCommitBody;
    if (!treeExists(state, input.tree)) return unprocessable('Tree SHA does not exist');
    const parents = input.parents ?? [];
    const known = await Promise.all(parents.map((p) => commitExists(state, p)));
    const missing = parents.find((_, i) => !known[i]);
    if (missing !== undefined) return unprocessable('Parent SHA does not exist or is not a commit object');
    const date = state.now().replace(/\.\d{3}Z$/, 'Z');
    const person = { name: actor.login, email: `${actor.login}@users.noreply.github.com`, date };
    const author = { ...person, ...input.author, date: input.author?.date ?? date };
    const committer = { ...person, ...input.committer, date: input.committer?.date ?? date };
    const fields = { tree: input.tree, parents, message: input.message, author, committer };
    const text = commitText(fields);
    const sha = gitObjectSha('commit', Buffer.from(text, 'utf8'));
    const commit: GitCommitRecord = { sha, ...fields };
    // One repository: a ref pushed or made by the API may point at it (lock-refs.ts).
    if (state.gitRemote !== undefined) await storeCommitObject(state.gitRemote, text);
    state.gitCommits.set(sha, commit);
    state.commitParents.set(sha, parents);
    return { status: 201, body: gitCommitShape(links, commit) };
  },

  'git/get-commit': async ({ state, links, params }) => {
    const sha = (params.commit_sha ?? '').toLowerCase();
    const commit =
      state.gitCommits.get(sha) ??
      (state.gitRemote !== undefined ? await readRemoteCommit(state.gitRemote, sha) : undefined);
    return commit ? { status: 200, body: gitCommitShape(links, commit) } : notFound();
  },
};
