import type { Outcome } from './steady-load.ts';

/** The run as a table (one row per fault: verdict, writes, events) and, below it, what was seen and what broke. */
export function printTable(outcomes: readonly Outcome[]): void {
  const header = ['fault', 'result', 'batches acked', 'events written', 'delivered', 'duplicated'];
  const rows = outcomes.map((outcome) => [
    outcome.name,
    outcome.passed ? 'pass' : 'FAIL',
    String(outcome.ledger.acknowledged),
    String(outcome.ledger.written),
    String(outcome.ledger.delivered),
    String(outcome.ledger.duplicated),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]): string => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const out = [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line), ''];
  for (const outcome of outcomes) {
    out.push(`${outcome.name}:`);
    for (const seen of outcome.observed) out.push(`  - ${seen}`);
    for (const problem of outcome.problems) out.push(`  ✗ ${problem}`);
  }
  process.stdout.write(`\n${out.join('\n')}\n`);
}
