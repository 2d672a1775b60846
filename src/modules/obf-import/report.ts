import type { ObfImportReport, ObfSkipReason } from './importer.js';
import { SKIP_REASONS } from './record.js';

const REASON_LABELS: Record<ObfSkipReason, string> = {
  ...SKIP_REASONS,
  'line-too-long': 'line over the length limit (not read)',
  'no-matched-ingredient': 'no ingredient our knowledge base knows',
  'write-failed': 'refused by the database',
};

/** The end-of-import summary, one fact a line. */
export function formatObfReport(report: ObfImportReport, options: { unmatchedShown?: number } = {}): string {
  const rate = report.elapsedSeconds > 0 ? Math.round(report.linesRead / report.elapsedSeconds) : 0;
  const written = report.imported + report.updated;
  const writeRate = report.elapsedSeconds > 0 ? Math.round((written + report.unchanged) / report.elapsedSeconds) : 0;
  const skippedTotal = Object.values(report.skipped).reduce((sum, n) => sum + (n ?? 0), 0);
  const share = report.entries ? ((100 * report.matchedEntries) / report.entries).toFixed(1) : '0';
  const lines = [
    `lines read:                ${report.linesRead}`,
    `imported (new):            ${report.imported}`,
    `updated:                   ${report.updated}`,
    `unchanged:                 ${report.unchanged}`,
    `left alone, curated:       ${report.skippedCurated}`,
    `skipped:                   ${skippedTotal}`,
  ];
  for (const [reason, n] of Object.entries(report.skipped).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))) {
    lines.push(`  ${REASON_LABELS[reason as ObfSkipReason] ?? reason}: ${n}`);
    for (const e of report.examples[reason as ObfSkipReason] ?? []) lines.push(`    line ${e.line}: ${e.detail}`);
  }
  lines.push(
    `brands created:            ${report.brandsCreated}`,
    `placed in a category:      ${report.categorized} of ${written} written`,
    `ingredient entries:        ${report.entries} (${share}% matched)`,
  );
  const shown = report.unmatched.slice(0, options.unmatchedShown ?? 50);
  lines.push(`unmatched ingredient names: ${shown.length ? `top ${shown.length}, most frequent first` : 'none'}`);
  for (const u of shown) lines.push(`  ${String(u.count).padStart(7)}  ${u.name}`);
  lines.push(
    `batches committed:         ${report.batches}`,
    `time:                      ${report.elapsedSeconds.toFixed(2)} s`,
    `rate:                      ${rate} lines/s, ${writeRate} products/s`,
  );
  if (report.failure)
    lines.push(
      `${report.failure === 'interrupted' ? 'STOPPED' : 'FAILED'}: ${report.failure}; the batches before are committed`,
    );
  return lines.join('\n');
}
