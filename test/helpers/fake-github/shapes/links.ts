import type { FakeState } from '../state.js';

/** Where the fake lives, for the `url`/`html_url` fields every GitHub object carries. */
export interface Links {
  state: FakeState;
  /** API root as clients call it, e.g. `http://127.0.0.1:PORT` or `.../api/v3`. */
  api: string;
  /** Web root for `html_url`s (GitHub Enterprise serves the web UI at the host root). */
  web: string;
}

export function repoApi(links: Links): string {
  return `${links.api}/repos/${links.state.owner}/${links.state.repo}`;
}

export function repoWeb(links: Links): string {
  return `${links.web}/${links.state.owner}/${links.state.repo}`;
}

/** GitHub node ids are opaque base64; tests only need them to be stable and distinct per object. */
export function nodeId(kind: string, id: number | string): string {
  return Buffer.from(`${kind}:${id}`).toString('base64').replace(/=+$/, '');
}
