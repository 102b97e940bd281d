import { amountsOf } from '../../../../shared/money';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { addDays } from '../../../../shared/format/dates';
import { moneyTotals, occupancy, roomRevenue } from '../../../../shared/stats';
import { TABLE, type Booking, type Task } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { SYNCED_TABLES } from '../../db/schema';
import { MoneyFigures, useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { PropertyNotFound } from '../../components/property-not-found';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { Badge, StatusBadge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { useToast } from '../../components/ui/Toast';
import { DataView } from '../../components/data-view';
import { usePendingRowIds } from '../../sync/sync-context';
import { useWrite } from '../../data/use-write';
import { BookingForm, BookingsTable, type BookingDraft } from '../bookings';
import { layoutTimeline, Timeline } from '../calendar';
import { TaskDialog, TasksTable, useTaskLabels } from '../tasks';
import { ProblemReportPanel, PropertyReports } from '../reports';
import { sourceLabel } from '../../lib/source-label';
import { monthStart, nextMonthStart } from '../../lib/months';
import { ImageGallery } from './ImageGallery';
import { AccessCard } from './AccessCard';
import { PropertyForm, UpgradeNotice } from './PropertyForm';
import { archiveProperty, restoreProperty } from './mutations';
import { usePropertyLimit } from './use-tier';
import { useAmenityLabel } from './amenity-labels';
import { useT } from '../../i18n/use-t';
import './properties.css';

const STRIP_DAYS = 30;
/** Bookings listed on a property's page; the rest are on the bookings page. */
const SHOWN_BOOKINGS = 100;

type Editing = { booking: Booking | null; initial?: Partial<BookingDraft> } | null;

function ExportUrl({ url }: { url: string | null }) {
  const { toast } = useToast();
  const t = useT();
  if (!url) return <p className="muted">{t('host.properties.export.notYet')}</p>;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('host.properties.export.copied'), description: t('host.properties.export.copiedText') });
    } catch {
      toast({ title: t('host.properties.export.copyFailed'), description: t('host.properties.export.copyFailedText'), variant: 'destructive' });
    }
  };
  return (
    <div className="export-url">
      <Input label={t('host.properties.export.label')} value={url} readOnly onFocus={(e) => e.target.select()} hint={t('host.properties.export.hint')} />
      <Button variant="secondary" onClick={() => void copy()}>
        {t('host.properties.export.copy')}
      </Button>
    </div>
  );
}

export function PropertyDetailPage({ id }: { id: string }) {
  const format = useFormat();
  const t = useT();
  const labels = useTaskLabels();
  const amenityLabel = useAmenityLabel();
  const today = format.today();
  const { toast } = useToast();
  const { write } = useWrite();
  const limit = usePropertyLimit();
  const pending = usePendingRowIds(SYNCED_TABLES.bookings);
  const [editingProperty, setEditingProperty] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [openTask, setOpenTask] = useState<Task | null>(null);
  const property = useRows(TABLE.properties, { PageSize: 1, Filters: [{ name: 'id', op: 'Equal', value: id }] });
  const bookings = useRows(TABLE.bookings, { PageSize: 100_000, OrderByField: 'check_in_date', IsAsc: false, Filters: [{ name: 'property_id', op: 'Equal', value: id }] });
  const tasks = useRows(TABLE.housekeeping_tasks, { PageSize: 50, OrderByField: 'due_date', IsAsc: true, Filters: [{ name: 'property_id', op: 'Equal', value: id }, { name: 'task_status', op: 'In', value: ['pending', 'in_progress'] }] });
  const blocks = useRows(TABLE.calendar_blocks, { PageSize: 1000, Filters: [{ name: 'property_id', op: 'Equal', value: id }] });

  const days = useMemo(() => Array.from({ length: STRIP_DAYS }, (_, i) => addDays(today, i)), [today]);
  const rows = useMemo(() => layoutTimeline([id], bookings.rows ?? [], blocks.rows ?? [], today, STRIP_DAYS), [id, bookings.rows, blocks.rows, today]);
  const onOpen = useCallback((b: Booking) => setEditing({ booking: b }), []);
  const onCreate = useCallback((propertyId: string, checkIn: string, checkOut: string) => setEditing({ booking: null, initial: { property_id: propertyId, check_in_date: checkIn, check_out_date: checkOut } }), []);

  if (property.status === 'loading') {
    return (
      <Page title={t('host.properties.detail.title')}>
        <SkeletonRows rows={6} columns={2} />
      </Page>
    );
  }
  if (property.status === 'error') {
    return (
      <Page title={t('host.properties.detail.title')}>
        <ErrorState error={property.error} onRetry={property.retry} />
      </Page>
    );
  }
  const p = property.rows[0];
  if (!p) {
    return <PropertyNotFound title={t('host.properties.detail.notFound')} />;
  }

  const names = new Map([[p.id, p.property_name]]);
  const listings = Object.entries(p.ota_listings);
  const list = bookings.rows ?? [];
  const occ = occupancy(list, [p.id], { from: today, to: addDays(today, 30) });
  // Per currency: the property's own, and any other an import brought (never added together).
  const thisMonth = roomRevenue(list, [p], { from: monthStart(today), to: nextMonthStart(today) }).filter((r) => r.currency === p.currency || r.revenue !== 0);
  const allTime = moneyTotals(list, [p.currency]);
  const allNet = format.moneyList(amountsOf(allTime, 'net'));
  const allCommission = format.moneyList(amountsOf(allTime, 'commission'));
  const archived = p.status === 'archived';

  const toggleArchive = async () => {
    const saved = await write(archived ? restoreProperty(p.id) : archiveProperty(p.id));
    if (saved.ok)
      toast({
        title: archived ? t('host.properties.detail.restored') : t('host.properties.detail.archived'),
        description: archived ? t('host.properties.detail.restoredText') : t('host.properties.detail.archivedText'),
      });
  };

  return (
    <Page
      title={p.property_name}
      description={p.address || undefined}
      actions={
        <div className="button-group">
          <Button variant="secondary" onClick={() => setEditingProperty(true)}>
            {t('host.properties.edit')}
          </Button>
          <Link to="/host/properties/$id/statement" params={{ id: p.id }} search={{ month: today.slice(0, 7) }} className="btn btn--secondary btn--md">
            <span>{t('host.properties.detail.statement')}</span>
          </Link>
          <Button variant={archived ? 'secondary' : 'danger'} onClick={() => void toggleArchive()} disabled={archived && limit?.reached === true}>
            {archived ? t('host.properties.detail.restore') : t('host.properties.detail.archive')}
          </Button>
          {!archived ? <Button onClick={() => setEditing({ booking: null, initial: { property_id: p.id } })}>{t('host.bookings.new')}</Button> : null}
        </div>
      }
    >
      {archived && limit?.reached ? <UpgradeNotice limit={limit} /> : null}
      <div className="stat-grid">
        <StatCard
          label={t('host.properties.basePrice')}
          value={format.money(p.base_price, p.currency)}
          hint={t('host.properties.detail.sleeps', { guests: p.max_guests, bedrooms: p.bedrooms, bathrooms: p.bathrooms })}
        />
        <StatCard
          label={t('host.properties.detail.occupancy')}
          value={bookings.status === 'success' ? `${Math.round(occ.rate * 1000) / 10}%` : '…'}
          hint={t('host.properties.detail.nights', { occupied: occ.occupiedNights, available: occ.availableNights })}
          tone="accent"
        />
        <StatCard
          label={t('host.properties.detail.revenueMonth')}
          value={bookings.status === 'success' ? <MoneyFigures list={amountsOf(thisMonth, 'revenue')} /> : '…'}
          hint={t('host.properties.detail.revenueMonthHint')}
        />
        <StatCard
          label={t('host.properties.detail.revenueAll')}
          value={bookings.status === 'success' ? <MoneyFigures list={amountsOf(allTime, 'revenue')} /> : '…'}
          hint={t('host.properties.detail.revenueAllHint', { net: allNet, commission: allCommission })}
        />
        <StatCard label={t('host.properties.form.status')} value={<StatusBadge status={p.status} />} hint={labels.propertyType(p.property_type)} />
      </div>

      <Card className="card--flush">
        <CardHeader title={t('host.properties.detail.next30')} description={t('host.properties.detail.next30Text')} />
        {bookings.status === 'success' && blocks.status === 'success' ? (
          <Timeline properties={[p]} rows={rows} days={days} today={today} formatDate={format.date} onOpen={onOpen} onCreate={archived ? undefined : onCreate} label={t('host.properties.detail.calendarOf', { name: p.property_name })} />
        ) : (
          <SkeletonRows rows={1} columns={6} />
        )}
      </Card>

      <div className="grid-2">
        <Card>
          <CardHeader title={t('host.properties.detail.about')} />
          <p>{p.description || t('host.properties.detail.noDescription')}</p>
          <dl className="details">
            <div>
              <dt>{t('host.properties.timezone')}</dt>
              <dd>{p.timezone}</dd>
            </div>
            <div>
              <dt>{t('host.properties.detail.added')}</dt>
              <dd>{p.created_date ? format.date(p.created_date) : '—'}</dd>
            </div>
          </dl>
          <h3 className="section-title">{t('host.properties.amenities')}</h3>
          {p.amenities.length ? (
            <ul className="chip-list" aria-label={t('host.properties.amenities')}>
              {p.amenities.map((a) => (
                <li key={a}>
                  <Badge>{amenityLabel(a)}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('host.properties.detail.noAmenities')}</p>
          )}
        </Card>
        <AccessCard propertyId={p.id} readOnly={archived} />
        <Card>
          <CardHeader title={t('host.properties.detail.listings')} />
          {listings.length ? (
            <ul className="plain-list" aria-label={t('host.properties.detail.listingsLabel')}>
              {listings.map(([platform, ref]) => (
                <li key={platform}>
                  <strong>{sourceLabel(platform)}</strong> <span className="muted">{ref}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('host.properties.detail.noListings')}</p>
          )}
          <ExportUrl url={p.ical_export_url} />
        </Card>
      </div>

      <Card>
        <CardHeader title={t('host.properties.photos')} />
        <ImageGallery property={p} />
      </Card>

      <Card>
        <CardHeader
          title={t('host.properties.detail.openTasks')}
          actions={
            <Link to="/host/housekeeping" className="text-link">
              {t('host.properties.detail.housekeeping')}
            </Link>
          }
        />
        <DataView result={tasks} empty={{ title: t('host.properties.detail.noOpenTasks') }}>
          {(rows) => <TasksTable tasks={rows} propertyNames={names} caption={t('host.properties.detail.openTasksAt', { name: p.property_name })} onOpen={setOpenTask} compact />}
        </DataView>
      </Card>

      <Card>
        <CardHeader title={t('host.properties.detail.reports')} description={t('host.properties.detail.reportsText')} />
        <PropertyReports propertyId={p.id} propertyName={p.property_name} />
      </Card>

      <Card>
        <CardHeader title={t('host.bookings.title')} description={t('host.properties.detail.staysAt', { name: p.property_name })} />
        <DataView result={bookings} empty={{ title: t('host.properties.detail.noBookings') }}>
          {(rows) => (
            <>
              <BookingsTable bookings={rows.slice(0, SHOWN_BOOKINGS)} propertyNames={names} caption={t('host.properties.detail.bookingsAt', { name: p.property_name })} showProperty={false} onOpen={onOpen} pendingIds={pending} />
              {rows.length > SHOWN_BOOKINGS ? (
                <p className="muted card__note">
                  {t('host.properties.detail.latest', { shown: SHOWN_BOOKINGS, count: rows.length })}{' '}
                  <Link to="/host/bookings" className="text-link">
                    {t('host.properties.detail.allBookings')}
                  </Link>
                </p>
              ) : null}
            </>
          )}
        </DataView>
      </Card>
      <PropertyForm open={editingProperty} property={p} onClose={() => setEditingProperty(false)} />
      <BookingForm open={editing !== null} booking={editing?.booking ?? null} initial={editing?.initial} onClose={() => setEditing(null)} />
      <TaskDialog task={openTask} propertyName={p.property_name} onClose={() => setOpenTask(null)}>
        {openTask ? <ProblemReportPanel taskId={openTask.id} /> : null}
      </TaskDialog>
    </Page>
  );
}
