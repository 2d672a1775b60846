// Counts every SQL statement the ORM sends (hooked in through MikroORM's onQuery): read by
// /metrics and by the tests that prove batching.
let total = 0;
const listeners: Array<(sql: string) => void> = [];

export function countStatement(sql = ''): void {
  total++;
  for (const listener of listeners) listener(sql);
}

export const totalStatements = (): number => total;

/** Lets the metrics module count statements (and the response cache see writes) without this file knowing them. */
export function onStatement(listener: (sql: string) => void): void {
  listeners.push(listener);
}
