import type { CosingImportReport } from './cosing-importer.js';

/** The end-of-import summary, one fact a line. */
export function formatCosingReport(report: CosingImportReport, options: { unknownShown?: number } = {}): string {
  const unknown = Object.entries(report.unknownFunctions).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const unknownTotal = unknown.reduce((sum, [, n]) => sum + n, 0);
  const shown = unknown
    .slice(0, options.unknownShown ?? 8)
    .map(([name, n]) => `${name} ×${n}`)
    .join(', ');
  const rate = report.elapsedSeconds > 0 ? Math.round(report.rowsRead / report.elapsedSeconds) : 0;
  const lines = [
    `header row:                      line ${report.headerLine}`,
    `rows read:                       ${report.rowsRead}`,
    `inserted:                        ${report.inserted}`,
    `updated:                         ${report.updated}`,
    `unchanged:                       ${report.unchanged}`,
    `skipped, curated:                ${report.skippedCurated}${report.curatedCasFilled ? ` (CAS number filled in on ${report.curatedCasFilled})` : ''}`,
    `skipped, known under other name: ${report.skippedOtherName}`,
    `skipped, repeated in the file:   ${report.duplicates}`,
    `bad rows:                        ${report.bad}`,
    ...report.badRows.map((b) => `  line ${b.line}: ${b.reason}`),
    ...(report.bad > report.badRows.length ? [`  … and ${report.bad - report.badRows.length} more`] : []),
    `unknown function words:          ${unknown.length} distinct, in ${unknownTotal} places${shown ? ` (${shown}${unknown.length > 8 ? ', …' : ''})` : ''}`,
    `batches committed:               ${report.batches}`,
    `elapsed:                         ${report.elapsedSeconds.toFixed(2)} s (${rate} rows/s)`,
  ];
  if (report.failure) {
    lines.push(
      `${report.failure.message === 'interrupted' ? 'STOPPED' : 'FAILED'} at line ${report.failure.line}${report.failure.name ? ` ("${report.failure.name}")` : ''}: ${report.failure.message}`,
      `  rows up to line ${report.committedThroughLine} are committed; nothing from the failing batch on was written`,
    );
  }
  return lines.join('\n');
}
