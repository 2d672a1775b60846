// Labels of a given length for the linear-time checks (test/analysis-linear.test.ts, bench/attacks/).

/**
 * `head`, `unit` repeated, `tail`: exactly `size` characters. Whole units only (a unit cut at the end could read
 * as another shape, a kit's last part without its list): what is left over is spaces before the tail.
 */
export function fill(size: number, unit: string, head = '', tail = ''): string {
  const room = size - head.length - tail.length;
  const units = Math.floor(room / unit.length);
  return head + unit.repeat(units) + ' '.repeat(room - units * unit.length) + tail;
}
