/**
 * Hours and cost of the housekeeping work of a month (shared/work-report.ts): per staff member and
 * per property, a chart of hours, totals per currency (never added across currencies), and CSV
 * downloads. Computed on the device from the synced tasks, staff and properties, so it works
 * offline like the rest of the housekeeping screens.
 */
import { useMemo, useState } from 'react';
import type { Property, Staff, Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { nextMonthStart, previousMonthStart } from '../../lib/months';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { StatCard } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/States';
import { Table, type Column } from '../../components/ui/Table';
import { BarChart, CHART_COLORS } from '../../components/charts/BarChart';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from '../finances';
import { costText, hoursOf, workReport, type WorkLine } from '../../../../shared/work-report';
import { useT } from '../../i18n/use-t';
import type { MessageId, MessageValues } from '../../i18n/message-ids';

type Translate = (id: MessageId, values?: MessageValues) => string;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function currentMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

/** The CSV's columns, headed in the reader's language; the figures stay plain numbers. */
const csvColumns = (keyHeader: string, t: Translate): CsvColumn<WorkLine>[] => [
  { header: keyHeader, value: (l) => l.name },
  { header: t('host.housekeeping.report.currency'), value: (l) => l.currency },
  { header: t('host.housekeeping.report.tasks'), value: (l) => l.tasks },
  { header: t('host.housekeeping.report.untimed'), value: (l) => l.untimed },
  { header: t('host.housekeeping.report.hours'), value: (l) => hoursOf(l.minutes) },
  { header: t('host.housekeeping.report.cost'), value: (l) => costText(l.cost, l.currency) },
];

export function WorkReport({ tasks, staff, properties }: { tasks: readonly Task[]; staff: readonly Staff[]; properties: readonly Property[] }) {
  const format = useFormat();
  const t = useT();
  const [month, setMonth] = useState(currentMonth);
  const report = useMemo(() => workReport(month, tasks, staff, properties), [month, tasks, staff, properties]);
  const monthName = format.month(month);
  /** Hours with two decimals, as the figures are rounded (shared/work-report.ts). */
  const hoursText = (minutes: number) => format.number(hoursOf(minutes), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  const columns = (header: string): Column<WorkLine>[] => [
    { key: 'name', header, render: (l) => l.name },
    { key: 'tasks', header: t('host.housekeeping.report.tasks'), align: 'end', render: (l) => (l.untimed > 0 ? t('host.housekeeping.report.tasksUntimed', { tasks: l.tasks, untimed: l.untimed }) : l.tasks) },
    { key: 'hours', header: t('host.housekeeping.report.hours'), align: 'end', render: (l) => t('host.housekeeping.report.hoursValue', { hours: hoursText(l.minutes) }) },
    { key: 'cost', header: t('host.housekeeping.report.cost'), align: 'end', render: (l) => format.money(l.cost, l.currency) },
  ];
  // The file's name is data (it names the export the same in every language).
  const download = (what: string, lines: readonly WorkLine[], keyHeader: string) => downloadCsv(csvFileName('housekeeping', what, month), toCsv(csvColumns(keyHeader, t), lines));
  const step = (to: string) => setMonth(to.slice(0, 7));

  return (
    <section className="work-report" aria-label={t('host.housekeeping.report.label', { month: monthName })}>
      <div className="hk-tab-bar work-report__months">
        <Button variant="secondary" onClick={() => step(previousMonthStart(`${month}-01`))} aria-label={t('host.housekeeping.report.previousMonth')}>
          ‹
        </Button>
        <Input
          label={t('host.housekeeping.report.month')}
          type="month"
          value={month}
          onChange={(e) => {
            if (MONTH.test(e.target.value)) setMonth(e.target.value);
          }}
        />
        <Button variant="secondary" onClick={() => step(nextMonthStart(`${month}-01`))} aria-label={t('host.housekeeping.report.nextMonth')}>
          ›
        </Button>
      </div>
      {report.totals.length === 0 ? (
        <EmptyState title={t('host.housekeeping.report.emptyMonth', { month: monthName })}>{t('host.housekeeping.report.emptyMonthText')}</EmptyState>
      ) : (
        <>
          <div className="work-report__totals">
            {report.totals.map((total) => (
              <StatCard
                key={total.currency}
                label={t('host.housekeeping.report.totalIn', { currency: total.currency })}
                value={format.money(total.cost, total.currency)}
                hint={t('host.housekeeping.report.totalHint', { hours: hoursText(total.minutes), count: total.tasks })}
              />
            ))}
          </div>
          <BarChart
            title={t('host.housekeeping.report.chartTitle', { month: monthName })}
            data={report.byStaff.map((l) => ({ label: report.totals.length > 1 ? t('host.housekeeping.report.nameInCurrency', { name: l.name, currency: l.currency }) : l.name, hours: hoursOf(l.minutes) }))}
            series={[{ key: 'hours', label: t('host.housekeeping.report.hours'), color: CHART_COLORS.primary }]}
            format={(v) => t('host.housekeeping.report.hoursValue', { hours: format.number(v, { useGrouping: false, maximumFractionDigits: 2 }) })}
            horizontal
            height={Math.max(160, report.byStaff.length * 44 + 40)}
          />
          <div className="hk-tab-bar work-report__head">
            <h3>{t('host.housekeeping.report.byStaff')}</h3>
            <Button variant="secondary" size="sm" onClick={() => download('by staff', report.byStaff, t('host.housekeeping.report.staffMember'))} aria-label={t('host.housekeeping.report.staffCsvLabel')}>
              {t('host.housekeeping.report.staffCsv')}
            </Button>
          </div>
          <Table caption={t('host.housekeeping.report.byStaffCaption', { month: monthName })} columns={columns(t('host.housekeeping.report.staffMember'))} rows={report.byStaff} rowKey={(l) => `${l.key}|${l.currency}`} />
          <div className="hk-tab-bar work-report__head">
            <h3>{t('host.housekeeping.report.byProperty')}</h3>
            <Button variant="secondary" size="sm" onClick={() => download('by property', report.byProperty, t('host.housekeeping.field.property'))} aria-label={t('host.housekeeping.report.propertyCsvLabel')}>
              {t('host.housekeeping.report.propertyCsv')}
            </Button>
          </div>
          <Table caption={t('host.housekeeping.report.byPropertyCaption', { month: monthName })} columns={columns(t('host.housekeeping.field.property'))} rows={report.byProperty} rowKey={(l) => `${l.key}|${l.currency}`} />
        </>
      )}
    </section>
  );
}
