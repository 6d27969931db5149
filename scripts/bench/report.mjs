// The human tables and the BENCH_RESULT line of `npm run bench`.

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const count = (value) => (Number.isFinite(value) ? String(Math.round(value)) : 'n/a');

function table(headers, rows, alignLeft = [0]) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => cells
    .map((cell, column) => (alignLeft.includes(column) ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
    .join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** results: [{ id, label, requestsPerSec, p50Ms, p99Ms, non2xx, errors, timeouts, ... }], the ceiling first. */
export function ratios(results) {
  const ceiling = results.find((result) => result.id === 'ceiling');
  return results.map((result) => ({
    id: result.id,
    label: result.label,
    rpsRatio: ceiling ? result.requestsPerSec / ceiling.requestsPerSec : NaN,
    p50Ratio: ceiling ? result.p50Ms / ceiling.p50Ms : NaN,
  }));
}

export function resultsTable(results) {
  return table(
    ['#', 'scenario', 'req/s', 'p50 ms', 'p99 ms', '2xx', 'non-2xx', 'errors'],
    results.map((result, index) => [
      String(index + 1), result.label, fixed(result.requestsPerSec, 0), fixed(result.p50Ms, 2), fixed(result.p99Ms, 2),
      count(result.total2xx), count(result.non2xx), count((result.errors ?? 0) + (result.timeouts ?? 0)),
    ]),
    [1],
  );
}

export function ratioTable(rows) {
  return table(
    ['#', 'scenario', 'req/s ÷ ceiling', 'p50 ÷ ceiling'],
    rows.map((row, index) => [String(index + 1), row.label, fixed(row.rpsRatio, 3), `${fixed(row.p50Ratio, 2)}x`]),
    [1],
  );
}

/** One line a script can grep: BENCH_RESULT {json}. */
export function resultLine(payload) {
  return `BENCH_RESULT ${JSON.stringify(payload, (_key, value) => (typeof value === 'number' && !Number.isFinite(value) ? null : value))}`;
}
