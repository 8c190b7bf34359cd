import { blobSha, type TreeEntry } from '../git-objects.js';
import type { GitCommitRecord } from '../state.js';
import { type Links, nodeId, repoApi, repoWeb } from './links.js';

export function refShape(links: Links, ref: string, sha: string): Record<string, unknown> {
  return {
    ref,
    node_id: nodeId('Ref', ref),
    url: `${repoApi(links)}/git/${ref}`,
    object: { type: 'commit', sha, url: `${repoApi(links)}/git/commits/${sha}` },
  };
}

/** Base64 the way GitHub sends it: wrapped at 60 characters with `\n`, which decoders must tolerate. */
export function githubBase64(content: string): string {
  return (
    (
      Buffer.from(content, 'utf8')
        .toString('base64')
        .match(/.{1,60}/g) ?? ['']
    ).join('\n') + '\n'
  );
}

export function contentFileShape(
  links: Links,
  path: string,
  content: string,
  ref: string,
): Record<string, unknown> {
  const sha = blobSha(content);
  const self = `${repoApi(links)}/contents/${path}?ref=${encodeURIComponent(ref)}`;
  const git = `${repoApi(links)}/git/blobs/${sha}`;
  const html = `${repoWeb(links)}/blob/${ref}/${path}`;
  return {
    type: 'file',
    encoding: 'base64',
    size: Buffer.byteLength(content, 'utf8'),
    name: path.split('/').pop() ?? path,
    path,
    content: githubBase64(content),
    sha,
    url: self,
    git_url: git,
    html_url: html,
    download_url: `${links.web}/raw/${links.state.owner}/${links.state.repo}/${ref}/${path}`,
    _links: { self, git, html },
  };
}

export function blobShape(links: Links, sha: string, content: string): Record<string, unknown> {
  return {
    sha,
    node_id: nodeId('Blob', sha),
    url: `${repoApi(links)}/git/blobs/${sha}`,
    size: Buffer.byteLength(content, 'utf8'),
    content: githubBase64(content),
    encoding: 'base64',
  };
}

export function treeShape(links: Links, sha: string, entries: TreeEntry[]): Record<string, unknown> {
  return {
    sha,
    url: `${repoApi(links)}/git/trees/${sha}`,
    truncated: false,
    tree: entries.map((entry) => ({
      ...entry,
      url: `${repoApi(links)}/git/${entry.type === 'blob' ? 'blobs' : 'trees'}/${entry.sha}`,
    })),
  };
}

/** A commit object for endpoints that embed one (branches): the fake has no history, so no parents. */
export function commitShape(links: Links, sha: string, treeSha: string): Record<string, unknown> {
  const api = repoApi(links);
  const author = { name: 'Molecular Fake', email: 'fake@example.invalid', date: '2024-01-01T00:00:00Z' };
  return {
    sha,
    node_id: nodeId('Commit', sha),
    url: `${api}/commits/${sha}`,
    html_url: `${repoWeb(links)}/commit/${sha}`,
    comments_url: `${api}/commits/${sha}/comments`,
    commit: {
      author,
      committer: author,
      message: 'fake commit',
      comment_count: 0,
      tree: { sha: treeSha, url: `${api}/git/trees/${treeSha}` },
      url: `${api}/git/commits/${sha}`,
    },
    author: {},
    committer: {},
    parents: [],
  };
}

/** A commit as the git database API (`git/commits`) describes it. */
export function gitCommitShape(links: Links, commit: GitCommitRecord): Record<string, unknown> {
  const api = repoApi(links);
  const web = repoWeb(links);
  return {
    sha: commit.sha,
    node_id: nodeId('Commit', commit.sha),
    url: `${api}/git/commits/${commit.sha}`,
    html_url: `${web}/commit/${commit.sha}`,
    author: commit.author,
    committer: commit.committer,
    message: commit.message,
    tree: { sha: commit.tree, url: `${api}/git/trees/${commit.tree}` },
    parents: commit.parents.map((sha) => ({
      sha,
      url: `${api}/git/commits/${sha}`,
      html_url: `${web}/commit/${sha}`,
    })),
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
  };
}
