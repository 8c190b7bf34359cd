import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode, err, type MolError } from '../../../src/engine/errors.js';

describe('error codes', () => {
  it('are one sorted list without repeats', () => {
    expect([...ERROR_CODES].sort()).toEqual([...ERROR_CODES]);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
  });

  it('are what err() carries', () => {
    const refused = err('unknown-step', 'no such step', { file: 'f.toml', line: 2 });
    expect(refused).toEqual({
      ok: false,
      error: { code: 'unknown-step', message: 'no such step', file: 'f.toml', line: 2 },
    });
  });

  it('are checked by the compiler where they are made and where they are compared', () => {
    // @ts-expect-error a code that is not in the list does not compile
    const misspelt = err('unknwon-step', 'x');
    expect(misspelt.error.code).toBe('unknwon-step');
    const error: MolError = { code: 'lease-held', message: 'held' };
    const isHeld = (code: ErrorCode) => code === 'lease-held';
    expect(isHeld(error.code)).toBe(true);
    // @ts-expect-error comparing with a code that is not in the list does not compile
    expect(error.code === 'lease-hold').toBe(false);
  });
});
