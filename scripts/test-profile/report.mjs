/**
 * Prints what `npm run test:profile` recorded: CPU seconds per package and the 25 most expensive
 * test files (user + system + child processes), with the processes each started.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const folder = new URL('../../.test-profile/', import.meta.url);
const records = readdirSync(folder)
  .filter((name) => name.endsWith('.jsonl'))
  .flatMap((name) => readFileSync(new URL(name, folder), 'utf8').trim().split('\n'))
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line))
  .map((record) => ({ ...record, cpu: record.user + record.system + record.children }))
  .sort((a, b) => b.cpu - a.cpu);
const total = records.reduce((sum, record) => sum + record.cpu, 0);
const byPackage = new Map();
for (const record of records) {
  const [top, name] = record.file.split(path.sep);
  const key = top === 'packages' || top === 'examples' ? `${top}/${name}` : top;
  byPackage.set(key, (byPackage.get(key) ?? 0) + record.cpu);
}
console.log(`${records.length} files, ${total.toFixed(0)} CPU-s in their tests`);
for (const [key, seconds] of [...byPackage].sort((a, b) => b[1] - a[1]))
  console.log(`${seconds.toFixed(1).padStart(8)} s  ${key}`);
console.log('\n  cpu-s  user  system  children  processes  wall-s  file');
for (const record of records.slice(0, 25))
  console.log(
    [record.cpu, record.user, record.system, record.children]
      .map((value) => value.toFixed(1).padStart(6))
      .join(' ') +
      `  ${String(record.processes).padStart(9)}  ${record.wall.toFixed(1).padStart(6)}  ${record.file}`,
  );
