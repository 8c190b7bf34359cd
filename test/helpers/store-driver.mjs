// A separate process writing to the local store, for the multi-process lost-update test.
// Usage: node store-driver.mjs <bundled-store.mjs> <store-dir> <molecule-id> <count> <tag>
import { pathToFileURL } from 'node:url';

const [bundle, dir, id, count, tag] = process.argv.slice(2);
const { createLocalStore } = await import(pathToFileURL(bundle).href);
const store = createLocalStore({ dir });

for (let i = 0; i < Number(count); i++) {
  const result = await store.mutate(id, (current) => ({
    ok: true,
    value: {
      mol: {
        ...current,
        rev: current.rev + 1,
        history: [...current.history, { at: current.updatedAt, event: 'tick', by: `${tag}-${i}` }],
      },
      effects: [],
    },
  }));
  if (!result.ok) {
    process.stderr.write(`${JSON.stringify(result.error)}\n`);
    process.exit(1);
  }
}
