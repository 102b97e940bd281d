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
import { Badge, StatusBadge, humanize } from '../../components/ui/Badge';
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
import { TaskDialog, TasksTable } from '../tasks';
import { ProblemReportPanel, PropertyReports } from '../reports';
import { sourceLabel } from '../../lib/source-label';
import { monthStart, nextMonthStart } from '../../lib/months';
import { ImageGallery } from './ImageGallery';
import { AccessCard } from './AccessCard';
import { PropertyForm, UpgradeNotice } from './PropertyForm';
import { archiveProperty, restoreProperty } from './mutations';
import { usePropertyLimit } from './use-tier';
import './properties.css';

const STRIP_DAYS = 30;
/** Bookings listed on a property's page; the rest are on the bookings page. */
const SHOWN_BOOKINGS = 100;

type Editing = { booking: Booking | null; initial?: Partial<BookingDraft> } | null;

function ExportUrl({ url }: { url: string | null }) {
  const { toast } = useToast();
  if (!url) return <p className="muted">The export address appears once the property has synced.</p>;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Copied', description: 'Paste the address into Airbnb, Vrbo or Booking.com to block these dates there.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the address and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <div className="export-url">
      <Input label="Calendar export (iCal)" value={url} readOnly onFocus={(e) => e.target.select()} hint="Anyone with this address can read the calendar: share it only with booking sites." />
      <Button variant="secondary" onClick={() => void copy()}>
        Copy
      </Button>
    </div>
  );
}

export function PropertyDetailPage({ id }: { id: string }) {
  const format = useFormat();
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
      <Page title="Property">
        <SkeletonRows rows={6} columns={2} />
      </Page>
    );
  }
  if (property.status === 'error') {
    return (
      <Page title="Property">
        <ErrorState error={property.error} onRetry={property.retry} />
      </Page>
    );
  }
  const p = property.rows[0];
  if (!p) {
    return <PropertyNotFound title="Property not found" />;
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
    if (saved.ok) toast({ title: archived ? 'Property restored' : 'Property archived', description: archived ? 'It takes bookings again.' : 'Its bookings and finances stay; it no longer counts against your plan.' });
  };

  return (
    <Page
      title={p.property_name}
      description={p.address || undefined}
      actions={
        <div className="button-group">
          <Button variant="secondary" onClick={() => setEditingProperty(true)}>
            Edit
          </Button>
          <Link to="/host/properties/$id/statement" params={{ id: p.id }} search={{ month: today.slice(0, 7) }} className="btn btn--secondary btn--md">
            <span>Owner statement</span>
          </Link>
          <Button variant={archived ? 'secondary' : 'danger'} onClick={() => void toggleArchive()} disabled={archived && limit?.reached === true}>
            {archived ? 'Restore' : 'Archive'}
          </Button>
          {!archived ? <Button onClick={() => setEditing({ booking: null, initial: { property_id: p.id } })}>New booking</Button> : null}
        </div>
      }
    >
      {archived && limit?.reached ? <UpgradeNotice limit={limit} /> : null}
      <div className="stat-grid">
        <StatCard label="Nightly base price" value={format.money(p.base_price, p.currency)} hint={`Sleeps ${p.max_guests} · ${p.bedrooms} bd · ${p.bathrooms} ba`} />
        <StatCard label="Occupancy, next 30 days" value={bookings.status === 'success' ? `${Math.round(occ.rate * 1000) / 10}%` : '…'} hint={`${occ.occupiedNights} of ${occ.availableNights} nights`} tone="accent" />
        <StatCard label="Revenue this month" value={bookings.status === 'success' ? <MoneyFigures list={amountsOf(thisMonth, 'revenue')} /> : '…'} hint="Nights stayed this month" />
        <StatCard label="Revenue, all bookings" value={bookings.status === 'success' ? <MoneyFigures list={amountsOf(allTime, 'revenue')} /> : '…'} hint={`Net ${allNet} after ${allCommission} commission`} />
        <StatCard label="Status" value={<StatusBadge status={p.status} />} hint={humanize(p.property_type)} />
      </div>

      <Card className="card--flush">
        <CardHeader title="Next 30 days" description="Drag across free days to add a booking." />
        {bookings.status === 'success' && blocks.status === 'success' ? (
          <Timeline properties={[p]} rows={rows} days={days} today={today} formatDate={format.date} onOpen={onOpen} onCreate={archived ? undefined : onCreate} label={`Calendar of ${p.property_name}`} />
        ) : (
          <SkeletonRows rows={1} columns={6} />
        )}
      </Card>

      <div className="grid-2">
        <Card>
          <CardHeader title="About" />
          <p>{p.description || 'No description yet.'}</p>
          <dl className="details">
            <div>
              <dt>Timezone</dt>
              <dd>{p.timezone}</dd>
            </div>
            <div>
              <dt>Added</dt>
              <dd>{p.created_date ? format.date(p.created_date) : '—'}</dd>
            </div>
          </dl>
          <h3 className="section-title">Amenities</h3>
          {p.amenities.length ? (
            <ul className="chip-list" aria-label="Amenities">
              {p.amenities.map((a) => (
                <li key={a}>
                  <Badge>{a}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No amenities listed.</p>
          )}
        </Card>
        <AccessCard propertyId={p.id} readOnly={archived} />
        <Card>
          <CardHeader title="Listings and calendar export" />
          {listings.length ? (
            <ul className="plain-list" aria-label="Listings">
              {listings.map(([platform, ref]) => (
                <li key={platform}>
                  <strong>{sourceLabel(platform)}</strong> <span className="muted">{ref}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Not linked to any booking site yet.</p>
          )}
          <ExportUrl url={p.ical_export_url} />
        </Card>
      </div>

      <Card>
        <CardHeader title="Photos" />
        <ImageGallery property={p} />
      </Card>

      <Card>
        <CardHeader title="Open housekeeping tasks" actions={<Link to="/host/housekeeping" className="text-link">Housekeeping</Link>} />
        <DataView result={tasks} empty={{ title: 'No open tasks for this property' }}>
          {(rows) => <TasksTable tasks={rows} propertyNames={names} caption={`Open tasks at ${p.property_name}`} onOpen={setOpenTask} compact />}
        </DataView>
      </Card>

      <Card>
        <CardHeader title="Problem reports" description="Reported by your housekeepers, newest first" />
        <PropertyReports propertyId={p.id} propertyName={p.property_name} />
      </Card>

      <Card>
        <CardHeader title="Bookings" description={`Stays at ${p.property_name}, latest first`} />
        <DataView result={bookings} empty={{ title: 'No bookings for this property yet' }}>
          {(rows) => (
            <>
              <BookingsTable bookings={rows.slice(0, SHOWN_BOOKINGS)} propertyNames={names} caption={`Bookings at ${p.property_name}`} showProperty={false} onOpen={onOpen} pendingIds={pending} />
              {rows.length > SHOWN_BOOKINGS ? (
                <p className="muted card__note">
                  The latest {SHOWN_BOOKINGS} of {rows.length} bookings.{' '}
                  <Link to="/host/bookings" className="text-link">
                    All bookings
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
