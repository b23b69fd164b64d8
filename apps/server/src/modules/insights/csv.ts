/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF; a field holding a comma, a quote, CR or LF
 * is quoted with its quotes doubled. Text cells starting with =, +, -, @, tab or CR get a leading apostrophe so a
 * spreadsheet never runs them as formulas (CSV injection).
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (values: readonly CsvValue[]) => `${values.map(csvCell).join(',')}\r\n`;
