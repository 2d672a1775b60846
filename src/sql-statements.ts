// Counts every SQL statement the ORM sends (hooked in through MikroORM's onQuery): read by
// /metrics and by the tests that prove batching.
let total = 0;
const listeners: Array<() => void> = [];

export function countStatement(): void {
  total++;
  for (const listener of listeners) listener();
}

export const totalStatements = (): number => total;

/** Lets the metrics module count statements without this file knowing about prom-client. */
export function onStatement(listener: () => void): void {
  listeners.push(listener);
}
