/** CSV exports (leads, insights, the audit log): UTF-8 with a BOM, every cell neutralised against formula injection. */
import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, a tab or a carriage return first) starts with ' instead
 * (OWASP's CSV injection rule); phone numbers like +60… are such cells too.
 */
export function neutralised(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export const CSV_BOM = '\uFEFF';

/** CSV text (UTF-8 with a BOM, so spreadsheet programs read Malay and Chinese names right) of these rows, each cell neutralised. */
export function csvOf(header: string[], rows: (string | number | null)[][]): string {
  // A line break inside a cell is quoted too (csv-stringify quotes only its own record delimiter by default).
  return CSV_BOM + stringify([header, ...rows.map((row) => row.map((cell) => (typeof cell === 'number' ? String(cell) : neutralised(cell ?? ''))))], { record_delimiter: '\r\n', quoted_match: /[\r\n]/ });
}
