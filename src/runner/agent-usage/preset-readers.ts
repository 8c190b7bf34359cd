/** Which reader understands a preset's output: every preset runs in its machine-readable mode. */
import { claudeStreamReader } from './claude-stream.js';
import { codexJsonReader } from './codex-json.js';
import { geminiStreamReader } from './gemini-stream.js';
import { opencodeJsonReader } from './opencode-json.js';
import type { UsageReader } from './usage-reader.js';

const READERS: Readonly<Record<string, () => UsageReader>> = {
  claude: claudeStreamReader,
  codex: codexJsonReader,
  gemini: geminiStreamReader,
  opencode: opencodeJsonReader,
};

export function presetReader(preset: string | undefined): UsageReader | undefined {
  if (preset === undefined || !Object.hasOwn(READERS, preset)) return undefined;
  return (READERS[preset] as () => UsageReader)();
}
