/**
 * An invoice as a PDF (pdfkit): the white label's name and logo (PNG or JPEG; other logo types are left out), the
 * network's legal details (general settings `legalDetails`), the payee or payer, the payee's withdrawal details, the
 * conversions and carried adjustments, the totals and payments. And the mass payout CSV of unpaid affiliate invoices.
 */
import type { Readable } from 'node:stream';
import { formatMoney, type Invoice, PAYOUT_CSV_COLUMNS, personName } from '@leadgrid/shared';
import { DateTime } from 'luxon';
import type { Ctx } from '../../../http/context';
import type { Storage } from '../../../lib/storage';
import { findImage, openImage } from '../../settings/images';
import { storedSettings } from '../../settings/general';

async function readAll(stream: Readable, limit = 2_000_000): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function logoOf(ctx: Ctx, storage: Storage, imageId: number | null): Promise<Buffer | null> {
  if (!imageId) return null;
  try {
    const image = await findImage(ctx, imageId);
    if (image.mimeType !== 'image/png' && image.mimeType !== 'image/jpeg') return null;
    return await readAll(await openImage({ storage }, image));
  } catch {
    return null;
  }
}

const day = (seconds: number | null, zone: string) =>
  seconds === null ? '—' : DateTime.fromSeconds(seconds, { zone }).toFormat('yyyy.MM.dd');
const amount = (v: string, code: string) => formatMoney(v, { code });

/** the PDF bytes of an invoice (`invoice` as `invoices.service get` answers it for the reader) */
export async function invoicePdf(ctx: Ctx, storage: Storage, invoice: Invoice): Promise<Buffer> {
  const settings = await storedSettings(ctx.db, ctx.config);
  const zone = ctx.actor?.timezone || 'UTC';
  const logo = await logoOf(ctx, storage, settings.logoImageId);
  // loaded on the first PDF, not at start (docs/decisions/platform.md, "Lean start")
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${settings.name} ${invoice.title}`, Author: settings.name } });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  if (logo) {
    try {
      doc.image(logo, 50, 45, { fit: [120, 50] });
    } catch {
      // an unreadable logo leaves the name alone
    }
  }
  doc.fontSize(20).text(settings.name, 200, 50, { align: 'right' });
  doc
    .fontSize(9)
    .fillColor('#444')
    .text(settings.legalDetails || '', 200, 78, { align: 'right' });
  doc.moveDown(2).fillColor('#000');
  doc.y = Math.max(doc.y, 130);

  doc.fontSize(16).text(`Invoice ${invoice.title}`, 50);
  doc.fontSize(10);
  const status = invoice.status === 'unpaid' && invoice.overdue ? 'unpaid (overdue)' : invoice.status;
  doc.text(`Status: ${status}`);
  doc.text(`Date: ${day(invoice.createdAt, zone)}    Due: ${day(invoice.dueAt, zone)}`);
  if (invoice.dateFrom && invoice.dateTo) doc.text(`Period: ${invoice.dateFrom} – ${invoice.dateTo}`);
  doc.moveDown();

  if (invoice.affiliate) {
    doc.fontSize(12).text('Payee');
    doc.fontSize(10).text(personName(invoice.affiliate));
    doc.text(invoice.affiliate.email);
  } else if (invoice.advertiser) {
    doc.fontSize(12).text('Bill to');
    doc.fontSize(10).text(invoice.advertiser.title);
  }
  if (invoice.withdrawalMethod) {
    doc.moveDown(0.5).fontSize(12).text('Withdrawal details');
    doc
      .fontSize(10)
      .text(
        `${invoice.withdrawalMethod.paymentMethod.title}${invoice.withdrawalMethod.title ? ` — ${invoice.withdrawalMethod.title}` : ''}`,
      );
    for (const [k, v] of Object.entries(invoice.withdrawalMethod.values)) doc.text(`${k}: ${v}`);
  }
  doc.moveDown();

  doc.fontSize(12).text('Items');
  doc.fontSize(9);
  if (invoice.advanceAmount) doc.text(`Advance payment: ${amount(invoice.advanceAmount, invoice.currency)}`);
  for (const c of invoice.conversions ?? []) {
    const what = [`Conversion #${c.id}`, c.offer?.title, c.goal?.title, day(c.createdAt, zone)].filter(Boolean).join(' · ');
    const own = c.currency !== invoice.currency ? ` (${amount(c.amount, c.currency)})` : '';
    doc.text(`${what}: ${amount(c.invoiceAmount, invoice.currency)}${own}`);
  }
  for (const a of invoice.adjustments ?? []) {
    const what = a.kind === 'clawback' ? `Correction of conversion #${a.conversionId}` : `Adjustment${a.reason ? `: ${a.reason}` : ''}`;
    doc.text(`${what}: ${amount(a.invoiceAmount, invoice.currency)}`);
  }
  doc.moveDown();
  doc.fontSize(12).text(`Total: ${amount(invoice.amount, invoice.currency)}`, { align: 'right' });
  doc.fontSize(10).text(`Conversions: ${invoice.conversionsCount}`, { align: 'right' });
  for (const p of invoice.payments)
    doc.text(`Paid ${day(p.paidAt, zone)}: ${amount(p.amount, invoice.currency)}${p.reference ? ` (ref. ${p.reference})` : ''}`, {
      align: 'right',
    });
  if (invoice.notes) doc.moveDown().fontSize(9).text(`Notes: ${invoice.notes}`, 50);
  doc.end();
  return done;
}

const csvCell = (v: string | number | null | undefined) => {
  const s = v === null || v === undefined ? '' : String(v);
  // a leading = + - @ would be a formula in a spreadsheet
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** the mass payout CSV: one line per invoice with the payee's withdrawal details */
export function payoutCsv(invoices: Invoice[], zone: string): string {
  const lines = [PAYOUT_CSV_COLUMNS.join(',')];
  for (const i of invoices) {
    const wm = i.withdrawalMethod;
    lines.push(
      [
        i.id,
        i.title,
        i.affiliateId,
        i.affiliate?.email,
        i.affiliate ? `${i.affiliate.firstName} ${i.affiliate.lastName}`.trim() : '',
        i.amount,
        i.currency,
        DateTime.fromSeconds(i.dueAt, { zone }).toFormat('yyyy-MM-dd'),
        wm?.paymentMethod.title,
        wm?.title,
        wm
          ? Object.entries(wm.values)
              .map(([k, v]) => `${k}=${v}`)
              .join('; ')
          : '',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
