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

// Each in its machine-readable mode, so what the agent spends is read as it runs (see
// src/runner/agent-usage); the step's log shows the agent's text, not the JSON.
export const AGENT_PRESETS: Readonly<Record<string, Preset>> = {
  claude: { head: 'claude -p --dangerously-skip-permissions --output-format stream-json --verbose' },
  codex: { head: 'codex exec --full-auto --json', tail: '-' },
  gemini: { head: 'gemini --yolo --output-format stream-json' },
  opencode: { head: 'opencode run --format json' },
};

/** The preset an `agent` value names, if it names one. */
export function agentPreset(agent: string): string | undefined {
  const name = /^(\S+)/.exec(agent.trim())?.[1];
  return name !== undefined && Object.hasOwn(AGENT_PRESETS, name) ? name : undefined;
}

/** The model a preset's flags name (`-m`/`--model`, the same in all four CLIs), if they name one. */
export function agentModel(agent: string): string | undefined {
  if (agentPreset(agent) === undefined) return undefined;
  return /\s(?:-m|--model)(?:=|\s+)([^\s'"]+)/.exec(agent)?.[1];
}

/** The command line an `agent` value runs. */
export function agentCommandLine(agent: string): string {
  const trimmed = agent.trim();
  const name = agentPreset(trimmed);
  if (name === undefined) return trimmed;
  const preset = AGENT_PRESETS[name] as Preset;
  const flags = trimmed.slice(name.length).trim();
  return [preset.head, flags, preset.tail ?? ''].filter((part) => part !== '').join(' ');
}

/** A step the local executor runs by itself: a command, or an agent. */
export function runsUnattended(def: ProtoStep | undefined): boolean {
  return def !== undefined && (def.run !== undefined || def.agent !== undefined);
}

/** The ids of the steps the local executor runs by itself; none without a proto. */
export function unattendedSteps(proto: { steps: readonly ProtoStep[] } | undefined): Set<string> {
  return new Set((proto?.steps ?? []).filter(runsUnattended).map((s) => s.id));
}

/**
 * `mol run --agent`: for this run, every task step without a `run` command gets this agent — the
 * steps that name one and those left to a person alike. Steps for people (`type = "human"`, gate
 * steps) keep waiting for them.
 */
export function withAgent<T extends { steps: ProtoStep[] }>(proto: T, agent: string | undefined): T {
  if (agent === undefined) return proto;
  return {
    ...proto,
    steps: proto.steps.map((s) => (s.run !== undefined || s.type !== 'task' ? s : { ...s, agent })),
  };
}
