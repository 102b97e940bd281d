/**
 * The owner statement of one property and month (docs/decisions.md "Owner statements"): stays,
 * nights, gross, commission and net (the finance page's figures for the same rows), housekeeping
 * and maintenance costs, and the owner's payout, one section per currency. Computed on the device
 * by the same function as the server's CSV and PDF (shared/owner-statement.ts), so the page works
 * offline; the downloads are made by the server (online only). Printable: the browser's print
 * leaves the navigation and buttons out.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { ownerStatement, STATEMENT_FIGURES, type StatementCost, type StatementSection, type StatementStay } from '../../../../shared/owner-statement';
import { Page } from '../../components/layout/Page';
import { PropertyNotFound } from '../../components/property-not-found';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { FormMessage } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { SkeletonStats } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { Table, type Column } from '../../components/ui/Table';
import { useToast } from '../../components/ui/Toast';
import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { monthLabel, nextMonthStart, previousMonthStart } from '../../lib/months';
import { sourceLabel } from '../../lib/source-label';
import { downloadStatement, statementUrl, type StatementFormat } from './download';
import { useT } from '../../i18n/use-t';
import './statements.css';

function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const t = useT();
  return (
    <div className="statement-month statement-controls">
      <Button variant="secondary" onClick={() => onChange(previousMonthStart(`${month}-01`).slice(0, 7))} aria-label={t('host.statement.previousMonth')}>
        ‹
      </Button>
      <Input label={t('host.calendar.month')} type="month" value={month} required onChange={(e) => (/^\d{4}-\d{2}$/.test(e.target.value) ? onChange(e.target.value) : undefined)} />
      <Button variant="secondary" onClick={() => onChange(nextMonthStart(`${month}-01`).slice(0, 7))} aria-label={t('host.statement.nextMonth')}>
        ›
      </Button>
    </div>
  );
}

function Downloads({ propertyId, month }: { propertyId: string; month: string }) {
  const t = useT();
  const online = useOnlineOnly(t('host.statement.downloading'));
  const { toast } = useToast();
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (format: StatementFormat) => {
    setBusy(format);
    setFailure(null);
    try {
      const name = await downloadStatement(statementUrl(propertyId, month, format, navigator.language), `owner-statement-${month}.${format}`);
      toast({ title: t('host.statement.downloadingTitle'), description: name, variant: 'success' });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('host.statement.downloadFailed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="statement-controls">
      <OnlineOnlyNote state={online} />
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      <div className="button-group">
        <Button variant="secondary" onClick={() => window.print()}>
          {t('host.statement.print')}
        </Button>
        <Button variant="secondary" isLoading={busy === 'csv'} disabled={!online.available} onClick={() => void download('csv')}>
          {t('host.statement.downloadCsv')}
        </Button>
        <Button isLoading={busy === 'pdf'} disabled={!online.available} onClick={() => void download('pdf')}>
          {t('host.statement.downloadPdf')}
        </Button>
      </div>
    </div>
  );
}

function Figures({ section }: { section: StatementSection }) {
  const format = useFormat();
  const t = useT();
  return (
    <dl className="statement-figures" aria-label={t('host.statement.figuresIn', { currency: section.currency })}>
      <div>
        <dt>{t('host.guests.stays')}</dt>
        <dd>{section.stays}</dd>
      </div>
      <div>
        <dt>{t('host.bookings.nights')}</dt>
        <dd>{section.nights}</dd>
      </div>
      {STATEMENT_FIGURES.map(([key]) => (
        <div key={key} className={key === 'payout' ? 'statement-figures__payout' : undefined}>
          <dt>{t('host.statement.figure', { key })}</dt>
          <dd data-figure={key}>{format.money(section[key], section.currency)}</dd>
        </div>
      ))}
    </dl>
  );
}

function SectionCard({ section, many }: { section: StatementSection; many: boolean }) {
  const format = useFormat();
  const t = useT();
  const money = (n: number) => format.money(n, section.currency);
  const stayColumns: Column<StatementStay>[] = [
    { key: 'guest', header: t('host.bookings.guest'), render: (b) => b.guest_name || t('host.bookings.guest') },
    { key: 'dates', header: t('host.guests.stay'), render: (b) => `${format.date(b.check_in_date)} – ${format.date(b.check_out_date)}` },
    { key: 'nights', header: t('host.bookings.nights'), align: 'end', render: (b) => b.nights },
    { key: 'source', header: t('host.guests.site'), secondary: true, render: (b) => sourceLabel(b.booking_source) },
    { key: 'gross', header: t('host.statement.gross'), align: 'end', render: (b) => money(b.total_amount) },
    { key: 'commission', header: t('host.bookingForm.commission'), align: 'end', secondary: true, render: (b) => money(b.commission_amount) },
    { key: 'net', header: t('host.bookings.net'), align: 'end', render: (b) => money(b.net_amount) },
  ];
  const costColumns: Column<StatementCost>[] = [
    { key: 'day', header: t('host.statement.day'), render: (c) => format.date(c.day) },
    { key: 'task', header: t('host.statement.task'), render: (c) => c.task_title },
    { key: 'kind', header: t('host.statement.kind'), render: (c) => t('host.statement.figure', { key: c.kind === 'maintenance' ? 'maintenance' : 'housekeeping' }) },
    { key: 'cost', header: t('host.statement.cost'), align: 'end', render: (c) => money(c.cost) },
  ];
  const title = many ? t('host.statement.inCurrency', { currency: section.currency }) : t('host.statement.summary');
  return (
    <Card>
      <CardHeader title={title} description={t('host.statement.payoutRule')} />
      <Figures section={section} />
      <h3 className="section-title">{t('host.guests.stays')}</h3>
      {section.bookings.length > 0 ? (
        <Table caption={many ? t('host.statement.staysCaptionIn', { currency: section.currency }) : t('host.statement.staysCaption')} columns={stayColumns} rows={section.bookings} rowKey={(b) => b.id} />
      ) : (
        <p className="muted">{many ? t('host.statement.noStaysIn', { currency: section.currency }) : t('host.statement.noStays')}</p>
      )}
      <h3 className="section-title">{t('host.statement.costs')}</h3>
      {section.costs.length > 0 ? (
        <Table caption={many ? t('host.statement.costsCaptionIn', { currency: section.currency }) : t('host.statement.costsCaption')} columns={costColumns} rows={section.costs} rowKey={(c) => c.id} />
      ) : (
        <p className="muted">{t('host.statement.noCosts')}</p>
      )}
    </Card>
  );
}

export function OwnerStatementPage({ propertyId, month }: { propertyId: string; month: string }) {
  const navigate = useNavigate();
  const t = useT();
  const property = useRows(TABLE.properties, { PageSize: 1, Filters: [{ name: 'id', op: 'Equal', value: propertyId }] });
  const bookings = useRows(TABLE.bookings, { PageSize: 100_000, Filters: [{ name: 'property_id', op: 'Equal', value: propertyId }] });
  const tasks = useRows(TABLE.housekeeping_tasks, { PageSize: 100_000, Filters: [{ name: 'property_id', op: 'Equal', value: propertyId }] });
  const p = property.rows?.[0];
  const statement = useMemo(() => (p && bookings.rows && tasks.rows ? ownerStatement(p, bookings.rows, tasks.rows, month) : null), [p, bookings.rows, tasks.rows, month]);
  const setMonth = (next: string) => void navigate({ to: '/host/properties/$id/statement', params: { id: propertyId }, search: { month: next } });

  const failed = [property, bookings, tasks].find((r) => r.status === 'error');
  if (failed?.status === 'error') {
    return (
      <Page title={t('host.statement.title')}>
        <ErrorState error={failed.error} onRetry={failed.retry} />
      </Page>
    );
  }
  if (property.status === 'success' && !p) {
    return <PropertyNotFound title={t('host.statement.title')} />;
  }
  const name = p?.property_name ?? t('host.bookings.property');
  return (
    <Page
      title={t('host.statement.title')}
      description={`${name} · ${monthLabel(month)}`}
      actions={
        <Link to="/host/properties/$id" params={{ id: propertyId }} className="btn btn--ghost btn--md">
          <span>{t('host.statement.backTo', { name })}</span>
        </Link>
      }
    >
      <Card className="statement-controls">
        <MonthPicker month={month} onChange={setMonth} />
        <Downloads propertyId={propertyId} month={month} />
      </Card>
      {statement ? (
        <>
          <p className="muted statement-note">
            {t('host.statement.note', { from: statement.period.from, to: statement.period.to })}
          </p>
          {statement.sections.map((s) => (
            <SectionCard key={s.currency} section={s} many={statement.sections.length > 1} />
          ))}
        </>
      ) : (
        <SkeletonStats count={4} />
      )}
    </Page>
  );
}
