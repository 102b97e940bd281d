/**
 * Hours and cost of the housekeeping work of a month (shared/work-report.ts): per staff member and
 * per property, a chart of hours, totals per currency (never added across currencies), and CSV
 * downloads. Computed on the device from the synced tasks, staff and properties, so it works
 * offline like the rest of the housekeeping screens.
 */
import { useMemo, useState } from 'react';
import type { Property, Staff, Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { monthLabel, nextMonthStart, previousMonthStart } from '../../lib/months';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { StatCard } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/States';
import { Table, type Column } from '../../components/ui/Table';
import { BarChart, CHART_COLORS } from '../../components/charts/BarChart';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from '../finances';
import { costText, hoursOf, workReport, type WorkLine } from '../../../../shared/work-report';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function currentMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

const CSV_COLUMNS = (keyHeader: string): CsvColumn<WorkLine>[] => [
  { header: keyHeader, value: (l) => l.name },
  { header: 'Currency', value: (l) => l.currency },
  { header: 'Tasks', value: (l) => l.tasks },
  { header: 'Tasks without times', value: (l) => l.untimed },
  { header: 'Hours', value: (l) => hoursOf(l.minutes) },
  { header: 'Cost', value: (l) => costText(l.cost, l.currency) },
];

export function WorkReport({ tasks, staff, properties }: { tasks: readonly Task[]; staff: readonly Staff[]; properties: readonly Property[] }) {
  const format = useFormat();
  const [month, setMonth] = useState(currentMonth);
  const report = useMemo(() => workReport(month, tasks, staff, properties), [month, tasks, staff, properties]);
  const hours = (l: WorkLine) => `${hoursOf(l.minutes).toFixed(2)} h`;
  const columns = (header: string): Column<WorkLine>[] => [
    { key: 'name', header, render: (l) => l.name },
    { key: 'tasks', header: 'Tasks', align: 'end', render: (l) => (l.untimed > 0 ? `${l.tasks} (${l.untimed} without times)` : l.tasks) },
    { key: 'hours', header: 'Hours', align: 'end', render: hours },
    { key: 'cost', header: 'Cost', align: 'end', render: (l) => format.money(l.cost, l.currency) },
  ];
  const download = (what: string, lines: readonly WorkLine[], keyHeader: string) => downloadCsv(csvFileName('housekeeping', what, month), toCsv(CSV_COLUMNS(keyHeader), lines));
  const step = (to: string) => setMonth(to.slice(0, 7));

  return (
    <section className="work-report" aria-label={`Hours and cost, ${monthLabel(month)}`}>
      <div className="hk-tab-bar work-report__months">
        <Button variant="secondary" onClick={() => step(previousMonthStart(`${month}-01`))} aria-label="Previous month">
          ‹
        </Button>
        <Input
          label="Month"
          type="month"
          value={month}
          onChange={(e) => {
            if (MONTH.test(e.target.value)) setMonth(e.target.value);
          }}
        />
        <Button variant="secondary" onClick={() => step(nextMonthStart(`${month}-01`))} aria-label="Next month">
          ›
        </Button>
      </div>
      {report.totals.length === 0 ? (
        <EmptyState title={`No work completed in ${monthLabel(month)}`}>
          Hours appear here once housekeepers start and finish tasks: the app records both times from their phone, offline too. Cost is the hours at each
          staff member&apos;s hourly rate, or the fixed cost you set on a task.
        </EmptyState>
      ) : (
        <>
          <div className="work-report__totals">
            {report.totals.map((t) => (
              <StatCard
                key={t.currency}
                label={`Total in ${t.currency}`}
                value={format.money(t.cost, t.currency)}
                hint={`${hoursOf(t.minutes).toFixed(2)} h over ${t.tasks} task${t.tasks === 1 ? '' : 's'}`}
              />
            ))}
          </div>
          <BarChart
            title={`Hours per staff member, ${monthLabel(month)}`}
            data={report.byStaff.map((l) => ({ label: report.totals.length > 1 ? `${l.name} (${l.currency})` : l.name, hours: hoursOf(l.minutes) }))}
            series={[{ key: 'hours', label: 'Hours', color: CHART_COLORS.primary }]}
            format={(v) => `${v} h`}
            horizontal
            height={Math.max(160, report.byStaff.length * 44 + 40)}
          />
          <div className="hk-tab-bar work-report__head">
            <h3>By staff member</h3>
            <Button variant="secondary" size="sm" onClick={() => download('by staff', report.byStaff, 'Staff member')} aria-label="Download hours and cost by staff member as a CSV file">
              Staff CSV
            </Button>
          </div>
          <Table caption={`Hours and cost by staff member, ${monthLabel(month)}`} columns={columns('Staff member')} rows={report.byStaff} rowKey={(l) => `${l.key}|${l.currency}`} />
          <div className="hk-tab-bar work-report__head">
            <h3>By property</h3>
            <Button variant="secondary" size="sm" onClick={() => download('by property', report.byProperty, 'Property')} aria-label="Download hours and cost by property as a CSV file">
              Property CSV
            </Button>
          </div>
          <Table caption={`Hours and cost by property, ${monthLabel(month)}`} columns={columns('Property')} rows={report.byProperty} rowKey={(l) => `${l.key}|${l.currency}`} />
        </>
      )}
    </section>
  );
}
