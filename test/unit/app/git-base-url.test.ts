import { describe, expect, it } from 'vitest';
import { gitBaseUrlOf } from '../../../src/app/git-base-url.js';

describe('gitBaseUrlOf', () => {
  it.each([
    ['https://api.github.com', 'https://github.com'],
    ['https://api.github.com/', 'https://github.com'],
    ['https://api.acme.ghe.com', 'https://acme.ghe.com'],
    ['https://github.example.com/api/v3', 'https://github.example.com'],
    ['https://github.example.com/api/v3/', 'https://github.example.com'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:4010/api/v3', 'http://127.0.0.1:4010'],
  ])('%s serves git at %s', (api, git) => {
    expect(gitBaseUrlOf(api)).toBe(git);
  });
});
