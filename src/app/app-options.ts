/**
 * What the App can be told, from code (tests, the benchmark) or from the environment (`probot
 * run`): the App's slug (its `<slug>[bot]` identity), the state key, the patrol timer, where its
 * git lease keepers push.
 */
import { parseDuration } from '../engine/index.js';
import type { AppLeaseOptions } from './app-leases.js';

export interface MolecularAppOptions {
  /** The App's slug; default `APP_SLUG`, else asked from GitHub once (`GET /app`). */
  slug?: string;
  /** HMAC key for state seals (`MOLECULAR_STATE_KEY`): the same in the App and the step workflow. */
  stateKey?: string;
  /** Patrol every this many ms (`MOLECULAR_PATROL_INTERVAL`, default 15m); 0 turns the timer off. */
  patrolIntervalMs?: number;
  /** How long a repository's `.github/molecular.yml` is trusted before it is read again (default 60 s). */
  configTtlMs?: number;
  /**
   * Where git serves the repositories (`MOLECULAR_GIT_URL`, e.g. `https://github.example.com`): the
   * leases are pushed to `<url>/<owner>/<repo>.git`. Default: from the API's URL (app-leases.ts).
   * `false` (`MOLECULAR_GIT_URL=off`): every lease over the API.
   */
  gitBaseUrl?: string | false;
  /** How many repositories keep a lease keeper, and how long one git cannot reach leases over the API. */
  leases?: Pick<AppLeaseOptions, 'maxRepos' | 'retryGitAfterMs'>;
  now?: () => Date;
}

export const DEFAULT_PATROL_INTERVAL = '15m';
export const DEFAULT_CONFIG_TTL_MS = 60_000;

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): MolecularAppOptions {
  const interval = env.MOLECULAR_PATROL_INTERVAL?.trim() || DEFAULT_PATROL_INTERVAL;
  const off = interval === '0' || interval === 'off';
  return {
    ...(env.APP_SLUG ? { slug: env.APP_SLUG } : {}),
    ...(env.MOLECULAR_STATE_KEY ? { stateKey: env.MOLECULAR_STATE_KEY } : {}),
    ...gitBaseUrlFromEnv(env.MOLECULAR_GIT_URL),
    patrolIntervalMs: off ? 0 : (parseDuration(interval) ?? parseDuration(DEFAULT_PATROL_INTERVAL) ?? 0),
  };
}

function gitBaseUrlFromEnv(value: string | undefined): Pick<MolecularAppOptions, 'gitBaseUrl'> {
  const url = value?.trim();
  if (!url) return {};
  return { gitBaseUrl: url === 'off' ? false : url };
}
