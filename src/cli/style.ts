/**
 * How output looks on a terminal: status symbols when stdout is a TTY, and colour when it is a TTY
 * that takes colour. Piped output stays plain, byte for byte, since tests and scripts read it.
 * `FORCE_COLOR` (colour even when piped; `0` or `false` turns it off) wins over `NO_COLOR`, as in
 * Node itself; `NO_COLOR` (https://no-color.org) turns colour off but keeps the symbols, which never
 * carry meaning by colour alone.
 */
import {
  MOLECULE_STATUS_EMOJI,
  type MoleculeStatus,
  STEP_STATUS_EMOJI,
  type StepStatus,
  statusWords,
} from '../engine/index.js';

/** What a piece of text means, which decides its colour. */
export type Tone = 'good' | 'bad' | 'waiting' | 'active' | 'muted' | 'strong';

export interface Style {
  color: boolean;
  symbols: boolean;
  paint(tone: Tone, text: string): string;
  /** `completed`, or on a terminal `✅ completed` in green. */
  status(status: StepStatus | MoleculeStatus): string;
}

/** SGR codes that turn each tone on and off again (22 and 39 reset only what they set). */
const SGR: Record<Tone, [number, number]> = {
  good: [32, 39],
  bad: [31, 39],
  waiting: [33, 39],
  active: [36, 39],
  muted: [2, 22],
  strong: [1, 22],
};

const STATUS_TONE: Record<StepStatus | MoleculeStatus, Tone> = {
  pending: 'muted',
  ready: 'active',
  in_progress: 'active',
  awaiting_gate: 'waiting',
  completed: 'good',
  complete: 'good',
  failed: 'bad',
  blocked: 'bad',
  skipped: 'muted',
  paused: 'waiting',
  squashed: 'muted',
  burned: 'muted',
};

export function makeStyle(options: { color: boolean; symbols: boolean }): Style {
  const { color, symbols } = options;
  const paint = (tone: Tone, text: string) => {
    if (!color || text === '') return text;
    const [on, off] = SGR[tone];
    return `\x1b[${on}m${text}\x1b[${off}m`;
  };
  return {
    color,
    symbols,
    paint,
    status(status) {
      const words = paint(STATUS_TONE[status], statusWords(status));
      if (!symbols) return words;
      const symbol =
        (STEP_STATUS_EMOJI as Record<string, string>)[status] ??
        (MOLECULE_STATUS_EMOJI as Record<string, string>)[status];
      return symbol === undefined ? words : `${symbol} ${words}`;
    },
  };
}

export const PLAIN: Style = makeStyle({ color: false, symbols: false });

/** The style for a stream: symbols on a TTY; colour on a TTY unless the environment says otherwise. */
export function styleFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): Style {
  const tty = stream.isTTY === true;
  return makeStyle({ color: colorWanted(tty, env), symbols: tty });
}

function colorWanted(tty: boolean, env: NodeJS.ProcessEnv): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return tty && env.TERM !== 'dumb';
}
