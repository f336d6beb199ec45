/**
 * CSV as RFC 4180 writes it: fields separated by commas, rows ended by CRLF, a field holding a
 * comma, a quote or a line break quoted (its quotes doubled). A cell that starts the way a
 * formula does (= + - @, or a tab or carriage return before one) gets a ' in front, so a
 * spreadsheet shows what the visitor typed instead of running it (CSV injection, OWASP).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
