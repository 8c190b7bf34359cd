import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../../../src/app/app-options.js';

describe('optionsFromEnv: where the lease pushes go', () => {
  it('takes MOLECULAR_GIT_URL and MOLECULAR_LEASE_DIR, and `off` keeps every lease on the API', () => {
    expect(optionsFromEnv({})).not.toHaveProperty('gitBaseUrl');
    expect(optionsFromEnv({})).not.toHaveProperty('leaseDir');
    expect(
      optionsFromEnv({ MOLECULAR_GIT_URL: ' https://git.example.com ', MOLECULAR_LEASE_DIR: '/var/tmp/l' }),
    ).toMatchObject({ gitBaseUrl: 'https://git.example.com', leaseDir: '/var/tmp/l' });
    expect(optionsFromEnv({ MOLECULAR_GIT_URL: 'off' })).toMatchObject({ gitBaseUrl: false });
  });
});
