import { openSqliteViewStore } from './sqlite-view-store.ts';

// Child process of sqlite-view-store-rebuild-unit.test.ts: on a views file that holds one card, runs a
// rebuild's unit that writes 1 MB documents until it is killed, printing the number of each one
// written. Usage: node sqlite-rebuild-unit.child.ts <file>
const [path] = process.argv.slice(2);
if (!path) throw new Error('usage: sqlite-rebuild-unit.child.ts <file>');
const store = openSqliteViewStore({ path });
await store.collection('cards').replaceOne({ _id: 'before', n: 0 });
const text = 'x'.repeat(1_000_000);
await store.atomically(async () => {
  for (let n = 0; ; n++) {
    await store.collection('cards').replaceOne({ _id: `c${n}`, text });
    process.stdout.write(`${n}\n`);
  }
}, { rebuild: true });
