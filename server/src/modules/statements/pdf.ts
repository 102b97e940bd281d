/**
 * The owner statement as a PDF, laid out by pdfkit on the server (no browser): the property and
 * month, then per currency the figures (stays, nights, gross, commission, net, housekeeping,
 * maintenance, the owner's payout) and the stays and costs behind them. Amounts through the one
 * money formatter (shared/format/money.ts) in the reader's language, its words from the `server`
 * catalog (`server.statement.*`) in the requesting user's language.
 */
import PDFDocument from 'pdfkit';
import { formatMoney } from '../../../../shared/format/money';
import { STATEMENT_FIGURES, type OwnerStatement, type StatementSection } from '../../../../shared/owner-statement';
import type { ServerMessageId, Translate } from '../../i18n';

/** The reader: `locale` for months and amounts, `t` for the words. */
export type PdfReader = { locale: string; t: Translate };

const FIGURE_LABELS = {
  gross: 'server.statement.figure.gross',
  commission: 'server.statement.figure.commission',
  net: 'server.statement.figure.net',
  housekeeping: 'server.statement.figure.housekeeping',
  maintenance: 'server.statement.figure.maintenance',
  payout: 'server.statement.figure.payout',
} as const satisfies Record<(typeof STATEMENT_FIGURES)[number][0], ServerMessageId>;

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

function section(doc: PDFKit.PDFDocument, s: StatementSection, { locale, t }: PdfReader): void {
  const money = (n: number) => winAnsi(formatMoney(n, s.currency, locale));
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(t('server.statement.inCurrency', { currency: s.currency }), MARGIN, doc.y);
  doc.moveDown(0.3);
  row(doc, t('server.statement.stays'), String(s.stays));
  row(doc, t('server.statement.nights'), String(s.nights));
  for (const [key] of STATEMENT_FIGURES) row(doc, t(FIGURE_LABELS[key]), money(s[key]), key === 'payout' || key === 'net');
  if (s.bookings.length > 0) {
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text(t('server.statement.stays'), MARGIN, doc.y);
    for (const b of s.bookings) {
      row(
        doc,
        t('server.statement.stayLine', { checkIn: b.check_in_date, checkOut: b.check_out_date, guest: b.guest_name, nights: b.nights }),
        t('server.statement.stayAmounts', { total: money(b.total_amount), net: money(b.net_amount) }),
      );
    }
  }
  if (s.costs.length > 0) {
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text(t('server.statement.costs'), MARGIN, doc.y);
    for (const c of s.costs) row(doc, t('server.statement.costLine', { day: c.day, kind: c.kind, title: c.task_title }), money(c.cost));
  }
}

export function statementPdf(statement: OwnerStatement, reader: PdfReader): Promise<Buffer> {
  const { locale, t } = reader;
  const title = t('server.statement.documentTitle', { property: statement.property.property_name, month: statement.month });
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: title, Producer: 'Staykeep' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(t('server.statement.title'), MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(12).text(winAnsi(`${statement.property.property_name} · ${monthTitle(statement.month, locale)}`));
  doc.fontSize(9).fillColor('#555').text(t('server.statement.period', { from: statement.period.from, to: statement.period.to })).fillColor('#000');
  for (const s of statement.sections) section(doc, s, reader);
  doc.end();
  return done;
}
