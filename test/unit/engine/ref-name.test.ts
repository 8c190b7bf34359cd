import { describe, expect, it } from 'vitest';
import { refNameProblem, refPartProblem } from '../../../src/engine/ref-name.js';

describe('refNameProblem (git check-ref-format --allow-onelevel)', () => {
  it.each([
    'main',
    'molecular/hello-3f9a1c/greet',
    'implement.iter2.review',
    'a.b',
    'a./b',
    'x@y',
    '{a}',
    'lock.x',
    '-starts-with-dash',
    'é✓',
  ])('accepts %j', (name) => {
    expect(refNameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', 'it is empty'],
    ['@', 'it is "@"'],
    ['a b', 'it contains a space'],
    ['a\tb', 'it contains a control character (U+0009)'],
    ['a\u007fb', 'it contains a control character (U+007F)'],
    ['a~1', 'it contains "~"'],
    ['a^', 'it contains "^"'],
    ['a:b', 'it contains ":"'],
    ['a?', 'it contains "?"'],
    ['a*', 'it contains "*"'],
    ['a[b', 'it contains "["'],
    ['a\\b', 'it contains "\\"'],
    ['a..b', 'it contains ".."'],
    ['a@{1}', 'it contains "@{"'],
    ['/a', 'it starts with "/"'],
    ['a/', 'it ends with "/"'],
    ['a//b', 'it contains "//"'],
    ['.hidden', 'it starts with "."'],
    ['a/.b', 'its part ".b" starts with "."'],
    ['x.lock', 'it ends with ".lock"'],
    ['x.lock/y', 'its part "x.lock" ends with ".lock"'],
    ['a.', 'it ends with "."'],
  ])('refuses %j: %s', (name, reason) => {
    expect(refNameProblem(name)).toBe(reason);
  });
});

describe('refPartProblem (one part of a ref path and a branch name)', () => {
  it('refuses a "/" and a leading "-", which git allows in a ref', () => {
    expect(refPartProblem('a/b')).toBe('it contains "/"');
    expect(refPartProblem('--upload-pack=touch /tmp/x')).toBe('it contains "/"');
    expect(refPartProblem('--upload-pack=x')).toBe('it starts with "-"');
  });

  it('accepts the ids cook makes (loops, expansions, groups)', () => {
    for (const id of ['greet', 'implement.iter2.review', 'design.draft', 'group_1', 'a-b']) {
      expect(refPartProblem(id)).toBeUndefined();
    }
  });
});
