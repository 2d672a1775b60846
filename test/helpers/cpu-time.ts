// CPU time, not wall-clock time, for the tests that check that a refusal is cheap: on a loaded machine a
// request waits for a core (the wall clock grows with the load), but the work it does stays the same. The
// process's CPU time counts every thread (libvips' and the GC's too), so margins stay wide.

const cpuMsSince = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** The CPU milliseconds the process spent while `work` ran, with its result. */
export async function cpuTimed<T>(work: () => Promise<T> | T): Promise<{ result: T; cpuMs: number }> {
  const start = process.cpuUsage();
  const result = await work();
  return { result, cpuMs: cpuMsSince(start) };
}

/**
 * The CPU milliseconds of a synchronous `work`, on this thread alone: it runs nowhere else, and the process's
 * figure also counts the garbage collector's helper threads, which may be marking what earlier test files left
 * (a refusal of 5-50 ms once measured over 500 ms that way in a jest worker).
 */
export function cpuMsOf(work: () => unknown): number {
  const start = process.threadCpuUsage();
  work();
  const used = process.threadCpuUsage(start);
  return (used.user + used.system) / 1000;
}
