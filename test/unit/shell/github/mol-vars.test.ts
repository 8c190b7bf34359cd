import { describe, expect, it } from 'vitest';
import { MAX_VARS_BLOCK_CHARS, parseMolVars } from '../../../../src/shell/github/mol-vars.js';

describe('parseMolVars', () => {
  it('reads a TOML or YAML block between matching fences, and nothing else of the body', () => {
    const toml = 'Intro\r\n\r\n```mol-vars\r\nfeature = "login"\r\nretries = 3\r\n```\r\nafter = "no"';
    expect(parseMolVars(toml)).toEqual({ ok: true, value: { feature: 'login', retries: '3' } });
    const yaml = '~~~~ mol-vars\nfeature: login\nnote: "~~~"\n~~~~~\nafter: no\n';
    expect(parseMolVars(yaml)).toEqual({ ok: true, value: { feature: 'login', note: '~~~' } });
    expect(parseMolVars('no block here')).toEqual({ ok: true, value: {} });
    expect(parseMolVars('```mol-vars\nfeature = "never closed"')).toEqual({ ok: true, value: {} });
    expect(parseMolVars(null)).toEqual({ ok: true, value: {} });
  });

  it('refuses lists and bad names with the variable named', () => {
    expect(parseMolVars('```mol-vars\nlist = [1, 2]\n```')).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('"list"') },
    });
  });

  // Anyone who can open an issue sends this: it took quadratic time in a pattern that ran `\s*` over every line break.
  it('reads a block of line breaks up to the size cap in linear time, and refuses a bigger one unread', () => {
    const breaks = `a = "1"${'\n'.repeat(MAX_VARS_BLOCK_CHARS - 10)}`;
    expect(parseMolVars(`\`\`\`mol-vars\n${breaks}\n\`\`\``)).toEqual({ ok: true, value: { a: '1' } });
    for (const filler of ['\n', ' \n', '\r\n', 'a\n']) {
      const body = `\`\`\`mol-vars\n${filler.repeat(Math.floor(65_000 / filler.length))}\`\`\``;
      expect(parseMolVars(body)).toMatchObject({
        ok: false,
        error: {
          code: 'vars-invalid',
          message: expect.stringMatching(/^the `mol-vars` block is [\d,]+ characters, over the 16,384/),
        },
      });
    }
  });
});
