// bench/server.ts with a CPU profiler the parent switches on and off by message ('profile:start',
// 'profile:stop' → the profile is written to PROFILE_FILE, then 'profile:written' is sent back), so
// that a profile covers the measured load only: not the start, the seeding or the warm-up.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const session = new Session();
session.connect();
process.on('message', (message) => {
  void (async () => {
    if (message === 'profile:start') {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    } else if (message === 'profile:stop') {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(process.env.PROFILE_FILE ?? 'server.cpuprofile', JSON.stringify(profile));
      process.send?.('profile:written');
    }
  })();
});
await import('./server.js');
