/**
 * The App shares molecules with other processes — its own replicas, and the Action's step and
 * event jobs, which write the same state comment — so `lock: auto` takes the git-ref lease
 * like every other writer. `lock: none` is there for a single App replica whose
 * repositories run no Molecular Action: three calls less per write, and a lost update if that
 * promise is ever broken.
 */
import type { Config } from '../github/config.js';

export function lockFor(config: Pick<Config, 'lock'>): 'none' | 'ref' {
  return config.lock === 'none' ? 'none' : 'ref';
}
