/**
 * What an agent step runs. `agent` is a preset — the name of a common agent CLI, optionally
 * followed by more flags — or any other command line, run with `sh -c` like a step's `run`. Every
 * preset reads the prompt from stdin in its non-interactive mode and may edit files and run
 * commands without asking, since nobody is there to answer: the step's worktree and its gates are
 * the fence. Flags after the preset's name go before a trailing `-` (codex reads stdin from `-`).
 */
import type { ProtoStep } from '../../engine/index.js';

interface Preset {
  /** The command line without the user's extra flags. */
  head: string;
  /** What must stay last (codex's `-`: read the prompt from stdin). */
  tail?: string;
}

export const AGENT_PRESETS: Readonly<Record<string, Preset>> = {
  claude: { head: 'claude -p --dangerously-skip-permissions' },
  codex: { head: 'codex exec --full-auto', tail: '-' },
  gemini: { head: 'gemini --yolo' },
  opencode: { head: 'opencode run' },
};

/** The command line an `agent` value runs. */
export function agentCommandLine(agent: string): string {
  const trimmed = agent.trim();
  const match = /^(\S+)(\s+[\s\S]*)?$/.exec(trimmed);
  const preset = match === null ? undefined : AGENT_PRESETS[match[1] as string];
  if (preset === undefined || !Object.hasOwn(AGENT_PRESETS, match?.[1] as string)) return trimmed;
  const flags = (match?.[2] ?? '').trim();
  return [preset.head, flags, preset.tail ?? ''].filter((part) => part !== '').join(' ');
}

/** A step the local executor runs by itself: a command, or an agent. */
export function runsUnattended(def: ProtoStep | undefined): boolean {
  return def !== undefined && (def.run !== undefined || def.agent !== undefined);
}

/** `mol run --agent`: every agent step of the proto gets this agent for the run. */
export function withAgent<T extends { steps: ProtoStep[] }>(proto: T, agent: string | undefined): T {
  if (agent === undefined) return proto;
  return { ...proto, steps: proto.steps.map((s) => (s.agent === undefined ? s : { ...s, agent })) };
}
