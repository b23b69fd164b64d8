/**
 * Reading an uploaded lead file row by row (docs/decisions/engine.md "Lead edit and import"): CSV with csv-parse
 * (the delimiter guessed from the header line: comma, semicolon or tab; a BOM dropped), XLSX with read-excel-file
 * (its first sheet). Every cell comes out as trimmed text; an XLSX date cell as its ISO time.
 */
import { parse } from 'csv-parse';
import { Readable } from 'node:stream';

export type ImportFormat = 'csv' | 'xlsx';

export function formatOf(fileName: string, mime: string): ImportFormat | null {
  const name = fileName.toLowerCase();
  if (name.endsWith('.xlsx') || mime === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  if (name.endsWith('.csv') || name.endsWith('.txt') || mime.startsWith('text/')) return 'csv';
  return null;
}

function delimiterOf(buffer: Buffer): string {
  const head = buffer.subarray(0, 4096).toString('utf8').split(/\r?\n/)[0] ?? '';
  const counts = [',', ';', '\t'].map((d) => [d, head.split(d).length] as const);
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

const cellText = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  return String(v).trim();
};

/** the file's rows, the header first; awaits between CSV chunks so a large file never holds the event loop */
export async function* fileRows(buffer: Buffer, format: ImportFormat): AsyncGenerator<string[]> {
  if (format === 'xlsx') {
    const { readSheet } = await import('read-excel-file/node');
    const data = await readSheet(buffer);
    for (const row of data) {
      const cells = row.map(cellText);
      if (cells.some((c) => c !== '')) yield cells;
    }
    return;
  }
  const parser = Readable.from([buffer]).pipe(
    parse({ bom: true, delimiter: delimiterOf(buffer), relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }),
  );
  for await (const record of parser as AsyncIterable<string[]>) {
    if (record.some((c) => c !== '')) yield record.map(cellText);
  }
}
