/**
 * Asks `read` until `done` holds of its answer (every 20 ms, at most `ms`), and returns the last
 * answer: for what a server does after it has answered (a write to Redis, a message), instead of a
 * fixed sleep that is too short on a loaded machine and wasted on an idle one.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}
