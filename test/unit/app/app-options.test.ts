import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../../../src/app/app-options.js';

describe('optionsFromEnv: where the lease pushes go', () => {
  it('takes MOLECULAR_GIT_URL, and `off` keeps every lease on the API', () => {
    expect(optionsFromEnv({})).not.toHaveProperty('gitBaseUrl');
    expect(optionsFromEnv({ MOLECULAR_GIT_URL: ' https://git.example.com ' })).toMatchObject({
      gitBaseUrl: 'https://git.example.com',
    });
    expect(optionsFromEnv({ MOLECULAR_GIT_URL: 'off' })).toMatchObject({ gitBaseUrl: false });
  });
});
