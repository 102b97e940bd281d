/**
 * The owner statement as CSV (shared/format/csv.ts, the one encoder): one record per figure line,
 * each naming its currency. `summary` carries the month's figures of one currency, then its stays
 * and its housekeeping and maintenance costs, each in the columns of its own amounts.
 */
import { toCsv, type CsvColumn } from '../../../../shared/format/csv';
import type { OwnerStatement, StatementSection } from '../../../../shared/owner-statement';

type Line = {
  record: 'summary' | 'stay' | 'housekeeping' | 'maintenance';
  currency: string;
  date: string;
  description: string;
  stays?: number;
  nights?: number;
  gross?: number;
  commission?: number;
  net?: number;
  housekeeping?: number;
  maintenance?: number;
  payout?: number;
};

const COLUMNS: CsvColumn<Line>[] = (
  ['record', 'currency', 'date', 'description', 'stays', 'nights', 'gross', 'commission', 'net', 'housekeeping', 'maintenance', 'payout'] as const
).map((key) => ({ header: key, value: (line: Line) => line[key] }));

function linesOf(statement: OwnerStatement, s: StatementSection): Line[] {
  const { currency } = s;
  return [
    {
      record: 'summary',
      currency,
      date: statement.month,
      description: statement.property.property_name,
      stays: s.stays,
      nights: s.nights,
      gross: s.gross,
      commission: s.commission,
      net: s.net,
      housekeeping: s.housekeeping,
      maintenance: s.maintenance,
      payout: s.payout,
    },
    ...s.bookings.map((b): Line => ({
      record: 'stay',
      currency,
      date: b.check_in_date,
      description: b.booking_reference ? `${b.guest_name} (${b.booking_reference})` : b.guest_name,
      nights: b.nights,
      gross: b.total_amount,
      commission: b.commission_amount,
      net: b.net_amount,
    })),
    ...s.costs.map((c): Line => ({ record: c.kind, currency, date: c.day, description: c.task_title, [c.kind]: c.cost })),
  ];
}

export function statementCsv(statement: OwnerStatement): string {
  return toCsv(COLUMNS, statement.sections.flatMap((s) => linesOf(statement, s)));
}
