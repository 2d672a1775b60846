// CPU seconds of a first start's database work, in-process, on a throwaway in-memory PGlite: opening and migrating,
// then each seeding stage (the knowledge base, the EU inventory with --inventory, the demo catalog, the demo
// community). For comparing seeders before and after a change on a loaded machine (CPU time, not wall-clock time):
// run it alternately on both versions. bench/first-start.sh measures a whole `npm start`.
// Usage: node --import ./register.mjs bench/seed-cpu.ts [--inventory]
import { openDatabase } from '../src/db.js';
import { seedIfEmpty } from '../src/seeders/index.js';

const cpuSeconds = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};
const started = cpuSeconds();
const orm = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
console.log(`open and migrate: ${(cpuSeconds() - started).toFixed(1)} s CPU`);
const progress = {
  async stage<T>(name: string, work: () => Promise<T>): Promise<T> {
    const before = cpuSeconds();
    const result = await work();
    console.log(`${name}: ${(cpuSeconds() - before).toFixed(1)} s CPU`);
    return result;
  },
};
const seeding = cpuSeconds();
await seedIfEmpty(orm, { demo: true, inventory: process.argv.includes('--inventory'), progress });
console.log(`seeding: ${(cpuSeconds() - seeding).toFixed(1)} s CPU; process: ${cpuSeconds().toFixed(1)} s CPU`);
await orm.close();
