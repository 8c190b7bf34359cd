import type { ParsedCommand } from './grammar.js';
import { nextToken, quoteWord } from './tokenize.js';

/**
 * A command as a person would type it, such that parsing the line gives the command back: words
 * are quoted when they need it, and a free-text rest is written as is unless it would read
 * differently (leading spaces, or a text that is itself one quoted word).
 */
export function formatCommand(command: ParsedCommand): string {
  const words = ((): string[] => {
    switch (command.verb) {
      case 'status':
      case 'deliver':
        return [command.verb];
      case 'burn':
        return command.force ? ['burn', '--force'] : ['burn'];
      case 'help':
        return command.topic === undefined ? ['help'] : ['help', quoteWord(command.topic)];
      case 'retry':
      case 'skip':
      case 'approve':
        return [command.verb, quoteWord(command.step)];
      case 'rollback':
        return command.step === undefined ? ['rollback'] : ['rollback', quoteWord(command.step)];
      case 'done':
        return ['done', quoteWord(command.step), ...restWords(command.note)];
      case 'fail':
        return ['fail', quoteWord(command.step), ...restWords(command.reason)];
      case 'squash':
        return ['squash', ...restWords(command.summary)];
      case 'pour':
        return [
          'pour',
          // An unquoted first word with `=` reads as a variable, so such a formula name is quoted.
          quoteWord(command.formula, command.formula.includes('=')),
          ...Object.entries(command.vars).map(
            ([key, value]) => `${key}=${value === '' ? '' : quoteWord(value)}`,
          ),
        ];
      case 'wisp':
        return [
          'wisp',
          quoteWord(command.formula, command.formula.includes('=') || command.formula.startsWith('--')),
          ...(command.ttl === undefined ? [] : ['--ttl', quoteWord(command.ttl)]),
          ...Object.entries(command.vars).map(([key, value]) => `--var ${quoteWord(`${key}=${value}`)}`),
        ];
      case 'reset':
        return command.force ? ['reset', '--force'] : ['reset'];
      case 'budget':
        return [
          'budget',
          ...Object.entries(command.budget).map(([limit, amount]) => `${limit}=${amount}`),
          ...(command.step === undefined ? [] : ['--step', quoteWord(command.step)]),
        ];
    }
  })();
  return `/mol ${words.join(' ')}`;
}

function restWords(text: string | undefined): string[] {
  if (text === undefined || text === '') return [];
  const token = nextToken(text, 0);
  const readsBack =
    text.trim() === text &&
    !(token.ok && token.value?.quoted && token.value.start === 0 && token.value.end === text.length);
  return [readsBack ? text : quoteWord(text)];
}
