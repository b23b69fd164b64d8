/**
 * An export's rows as an Excel workbook of one sheet (write-excel-file): the header in bold and frozen, numbers as
 * numeric cells, text as text — a decimal string (money) stays the exact text the exporter wrote, and a text cell is
 * never run as a formula, so no CSV-injection guard is needed here.
 */
import type { SheetData } from 'write-excel-file/node';
import type { CsvValue } from '../csv';

export async function xlsxFile(header: readonly string[], rows: readonly (readonly CsvValue[])[]): Promise<Buffer> {
  const cell = (v: CsvValue) => {
    if (v === null || v === undefined || v === '') return null;
    if (typeof v === 'number') return { value: v, type: Number };
    if (typeof v === 'boolean') return { value: v, type: Boolean };
    return { value: v, type: String };
  };
  const data = [header.map((h) => ({ value: h, type: String, fontWeight: 'bold' as const })), ...rows.map((r) => r.map(cell))] as SheetData;
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  return writeXlsxFile(data, { stickyRowsCount: 1 }).toBuffer();
}
