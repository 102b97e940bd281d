/**
 * The owner statement as a PDF, laid out by pdfkit on the server (no browser): the property and
 * month, then per currency the figures (stays, nights, gross, commission, net, housekeeping,
 * maintenance, the owner's payout) and the stays and costs behind them. Amounts through the one
 * money formatter (shared/format/money.ts) in the reader's language.
 */
import PDFDocument from 'pdfkit';
import { formatMoney } from '../../../../shared/format/money';
import { STATEMENT_FIGURES, type OwnerStatement, type StatementSection } from '../../../../shared/owner-statement';

const MARGIN = 50;

/**
 * The built-in PDF fonts write WinAnsi: the narrow no-break space and the minus sign some locales
 * format with become their nearest WinAnsi characters (a symbol outside it, such as ₹, is missing).
 */
function winAnsi(text: string): string {
  return text.replace(/\u202f/g, '\u00a0').replace(/\u2212/g, '-');
}
const WIDTH = 612 - MARGIN * 2;

function monthTitle(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 1));
}

/** One line: a label on the left, a value on the right. */
function row(doc: PDFKit.PDFDocument, label: string, value: string, bold = false): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  doc.text(label, MARGIN, y, { width: WIDTH * 0.65 });
  const after = doc.y;
  doc.text(value, MARGIN + WIDTH * 0.65, y, { width: WIDTH * 0.35, align: 'right' });
  doc.y = Math.max(after, doc.y) + 2;
}

function section(doc: PDFKit.PDFDocument, s: StatementSection, locale: string): void {
  const money = (n: number) => winAnsi(formatMoney(n, s.currency, locale));
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(`In ${s.currency}`, MARGIN, doc.y);
  doc.moveDown(0.3);
  row(doc, 'Stays', String(s.stays));
  row(doc, 'Nights', String(s.nights));
  for (const [key, label] of STATEMENT_FIGURES) row(doc, label, money(s[key]), key === 'payout' || key === 'net');
  if (s.bookings.length > 0) {
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text('Stays', MARGIN, doc.y);
    for (const b of s.bookings) {
      row(doc, `${b.check_in_date} – ${b.check_out_date} · ${b.guest_name} · ${b.nights} night${b.nights === 1 ? '' : 's'}`, `${money(b.total_amount)} (net ${money(b.net_amount)})`);
    }
  }
  if (s.costs.length > 0) {
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text('Costs', MARGIN, doc.y);
    for (const c of s.costs) row(doc, `${c.day} · ${c.kind === 'maintenance' ? 'Maintenance' : 'Housekeeping'} · ${c.task_title}`, money(c.cost));
  }
}

export function statementPdf(statement: OwnerStatement, locale = 'en-US'): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: `Owner statement ${statement.property.property_name} ${statement.month}`, Producer: 'Staykeep' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text('Owner statement', MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(12).text(winAnsi(`${statement.property.property_name} · ${monthTitle(statement.month, locale)}`));
  doc.fontSize(9).fillColor('#555').text(`Stays checking in from ${statement.period.from} to the day before ${statement.period.to}; payout = net - housekeeping - maintenance.`).fillColor('#000');
  for (const s of statement.sections) section(doc, s, locale);
  doc.end();
  return done;
}
