// `mol run` with `echo >> file` steps: per-step overhead of a 50-step chain, local and distributed,
// in a folder of the project and in memory, from scripts/bench-cli.mjs (the real binary, built
// from the current source).
import { benchCli } from '../../scripts/bench-cli.mjs';

export async function measure() {
  const { rows } = await benchCli({ quick: true, runs: 3 });
  const pick = (execution, goal) => {
    const row = rows.find((r) => r.name.trim() === `per step (${execution})`);
    return {
      name: `mol run, per-step overhead, ${execution} (50-step chain, median of 3 runs)`,
      value: row?.value ?? Number.NaN,
      unit: 'ms',
      goal,
      note: row?.note ?? '',
    };
  };
  return [
    pick('local', '≤ 25 ms'),
    pick('distributed', '≤ 35 ms'),
    // Where the disk costs nothing to speak of (tmpfs): what the runner itself costs.
    pick('local, in memory', ''),
    pick('distributed, in memory', ''),
  ].filter((row) => !Number.isNaN(row.value) || row.goal !== '');
}
