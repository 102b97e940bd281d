/**
 * Channels: per property its booking-site listings and iCal feeds (add, delete, last successful
 * fetch, event count, last error, sync now), bulk sync of every feed, and the sync queue live
 * with progress bars (the steps, statuses and queue rules of jobs.ts).
 * Feeds and syncs are online-only commands; the rows they make arrive through sync.
 */
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { QUEUE_CLEARED, bulkSyncCompletedText } from '../../../../shared/messages';
import { TABLE, type CalendarFeed, type CalendarSyncJob, type Property } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { useWrite } from '../../data/use-write';
import type { WriteRequest } from '../../sync/mutate';
import { errorText } from '../../api/http';
import { Page } from '../../components/layout/Page';
import { FormMessage } from '../../components/layout/AuthLayout';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge, StatusBadge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Input, Select } from '../../components/ui/Input';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table, type Column } from '../../components/ui/Table';
import { useToast } from '../../components/ui/Toast';
import { useProperties } from '../../data/common-rows';
import { addFeed } from './calendar-api';
import { FEED_PLATFORMS, isPlanLimitText, normalizeFeedUrl, placeServerError, validateFeed, type FeedErrors } from './feed-form';
import { clearableJobs, orderJobs, progressStep } from './jobs';
import { OnlineOnlyNote, useOnlineOnly, type OnlineOnly } from '../../components/online-only';
import { useSyncBatch, type Batch } from './use-sync-batch';
import { sourceLabel } from '../../lib/source-label';
import './channels.css';

const FEEDS_QUERY = { PageSize: 1000, OrderByField: 'created_at', IsAsc: true } as const;
const JOBS_QUERY = { PageSize: 500 } as const;
const OTHER = 'other';

function FeedState({ feed }: { feed: CalendarFeed }) {
  if (!feed.is_active) return <Badge>Paused</Badge>;
  if (feed.last_error) return <Badge tone="danger">Failing</Badge>;
  if (feed.last_success_at) return <Badge tone="success">In sync</Badge>;
  return <Badge tone="info">Not synced yet</Badge>;
}

function AddFeedDialog({ open, onClose, properties, initialProperty }: { open: boolean; onClose: () => void; properties: Property[]; initialProperty: string }) {
  const { toast } = useToast();
  const online = useOnlineOnly('adding a calendar feed');
  const [propertyId, setPropertyId] = useState(initialProperty);
  const [platform, setPlatform] = useState<string>('airbnb');
  const [otherPlatform, setOtherPlatform] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<FeedErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { propertyId, platform: platform === OTHER ? otherPlatform.trim() : platform, iCalUrl: normalizeFeedUrl(url) };
    const found = validateFeed(input);
    setErrors(found);
    if (Object.keys(found).length > 0 || !online.available) return;
    setSaving(true);
    try {
      await addFeed(input);
      toast({ title: 'Calendar feed added', description: `${sourceLabel(input.platform)} for ${properties.find((p) => p.id === propertyId)?.property_name ?? 'the property'}. Sync it to import its dates.`, variant: 'success' });
      setUrl('');
      setOtherPlatform('');
      onClose();
    } catch (error) {
      setErrors(placeServerError(errorText(error, 'The feed could not be added. Please try again.')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add a calendar feed"
      description="Paste the iCal (calendar export) address the booking site gives for this listing."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="add-feed-form" isLoading={saving} disabled={!online.available}>
            Add feed
          </Button>
        </>
      }
    >
      <form id="add-feed-form" className="form" onSubmit={(e) => void submit(e)} noValidate>
        <OnlineOnlyNote state={online} />
        {errors.form ? (
          <FormMessage tone="error">
            {errors.form}
            {isPlanLimitText(errors.form) ? (
              <>
                {' '}
                <Link to="/host/subscription" className="text-link">
                  See larger plans
                </Link>
              </>
            ) : null}
          </FormMessage>
        ) : null}
        <Select label="Property" value={propertyId} onChange={(e) => setPropertyId(e.target.value)} error={errors.propertyId} options={[{ value: '', label: 'Choose a property' }, ...properties.map((p) => ({ value: p.id, label: p.property_name }))]} />
        <Select label="Platform" value={platform} onChange={(e) => setPlatform(e.target.value)} error={platform === OTHER ? undefined : errors.platform} options={FEED_PLATFORMS.map((p) => ({ value: p, label: p === OTHER ? 'Other site…' : sourceLabel(p) }))} />
        {platform === OTHER ? <Input label="Site name" value={otherPlatform} onChange={(e) => setOtherPlatform(e.target.value)} error={errors.platform} maxLength={50} required /> : null}
        <Input label="Calendar address (iCal URL)" type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} error={errors.iCalUrl} placeholder="https://…/calendar.ics" required autoComplete="off" />
      </form>
    </Dialog>
  );
}

function PropertyChannels({
  property,
  feeds,
  online,
  onSync,
  onAdd,
  onDelete,
  busy,
}: {
  property: Property;
  feeds: CalendarFeed[];
  online: OnlineOnly;
  onSync: (feedIds: string[]) => void;
  onAdd: () => void;
  onDelete: (feed: CalendarFeed) => void;
  busy: boolean;
}) {
  const format = useFormat();
  const listings = Object.entries(property.ota_listings);
  const columns: Column<CalendarFeed>[] = [
    { key: 'platform', header: 'Platform', render: (f) => <span className="cell-strong">{sourceLabel(f.platform)}</span> },
    {
      key: 'url',
      header: 'Address',
      secondary: true,
      render: (f) => (
        <span className="feed-url" title={f.ical_url}>
          {f.ical_url}
        </span>
      ),
    },
    { key: 'state', header: 'State', render: (f) => <FeedState feed={f} /> },
    { key: 'last', header: 'Last successful fetch', render: (f) => (f.last_success_at ? format.dateTime(f.last_success_at) : 'Never') },
    { key: 'events', header: 'Events', align: 'end', render: (f) => f.event_count },
    { key: 'error', header: 'Last error', render: (f) => (f.last_error ? <span className="feed-error">{f.last_error}</span> : '—') },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (f) => (
        <div className="row-actions">
          <Button size="sm" variant="secondary" onClick={() => onSync([f.id])} disabled={!online.available || busy} aria-label={`Sync now: ${sourceLabel(f.platform)} feed of ${property.property_name}`}>
            Sync now
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onDelete(f)} aria-label={`Delete the ${sourceLabel(f.platform)} feed of ${property.property_name}`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];
  return (
    <Card className="card--flush channel-property" data-property-id={property.id}>
      <CardHeader
        title={property.property_name}
        level={3}
        description={
          listings.length ? (
            <span className="chip-list channel-listings">
              {listings.map(([platform, ref]) => (
                <Badge key={platform} tone="accent">
                  {sourceLabel(platform)} · {ref}
                </Badge>
              ))}
            </span>
          ) : (
            'Not listed on a booking site yet'
          )
        }
        actions={
          <Button size="sm" variant="secondary" onClick={onAdd} aria-label={`Add a calendar feed to ${property.property_name}`}>
            Add feed
          </Button>
        }
      />
      {feeds.length ? (
        <Table caption={`Calendar feeds of ${property.property_name}`} columns={columns} rows={feeds} rowKey={(f) => f.id} />
      ) : (
        <p className="muted channel-empty">No calendar feeds: add the iCal address of each site this property is listed on, so that booked days are blocked here.</p>
      )}
    </Card>
  );
}

function BatchLine({ batch }: { batch: Batch }) {
  if (!batch.summary) return <FormMessage tone="error">Sync failed: {batch.error}</FormMessage>;
  const { state, completed, failed, total } = batch.summary;
  return (
    <p className="batch-line" role="status">
      <StatusBadge status={state} />{' '}
      {state === 'running' ? `Syncing: ${completed + failed} of ${total} ${total === 1 ? 'feed' : 'feeds'} done` : bulkSyncCompletedText(completed, failed)}
    </p>
  );
}

function JobItem({ job }: { job: CalendarSyncJob }) {
  const format = useFormat();
  const step = job.status === 'completed' ? 100 : progressStep(job.progress);
  const name = `${job.propertyName || 'Property'} · ${sourceLabel(job.platform)}`;
  return (
    <li className={`sync-job sync-job--${job.status}`} data-job-id={job.id} data-status={job.status}>
      <div className="sync-job__head">
        <span className="cell-strong">{name}</span>
        <StatusBadge status={job.status} />
      </div>
      <progress className="sync-job__bar" max={100} value={step} aria-label={`${name}: ${step}%`} />
      <p className="sync-job__message">
        <span>{job.message}</span>
        <span className="muted">
          {step}%{job.endTime ? ` · finished ${format.time(job.endTime)}` : job.startTime ? ` · started ${format.time(job.startTime)}` : ''}
        </span>
      </p>
    </li>
  );
}

/** `partner`: the channel-partner connection card, composed in by the route (features do not import each other). */
export function HostChannelsPage({ partner }: { partner?: ReactNode } = {}) {
  const { write } = useWrite();
  const { toast } = useToast();
  const properties = useProperties();
  const feeds = useRows(TABLE.calendar_feeds, FEEDS_QUERY);
  const jobs = useRows(TABLE.calendar_sync_jobs, JOBS_QUERY);
  const online = useOnlineOnly('syncing calendars');
  const { batch, starting, running, start } = useSyncBatch();
  const [adding, setAdding] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CalendarFeed | null>(null);

  const feedsByProperty = useMemo(() => {
    const map = new Map<string, CalendarFeed[]>();
    for (const f of feeds.rows ?? []) map.set(f.property_id, [...(map.get(f.property_id) ?? []), f]);
    return map;
  }, [feeds.rows]);
  const liveProperties = (properties.rows ?? []).filter((p) => p.status !== 'archived' || feedsByProperty.has(p.id));
  const ordered = orderJobs(jobs.rows ?? []);
  const clearable = clearableJobs(ordered);
  const activeFeeds = (feeds.rows ?? []).filter((f) => f.is_active);

  const clearQueue = async () => {
    const cleared = await write(clearable.map((job): WriteRequest => ({ table: TABLE.calendar_sync_jobs, op: 'delete', rowId: job.id })));
    if (cleared.ok) toast({ title: QUEUE_CLEARED, description: `${clearable.length} finished ${clearable.length === 1 ? 'job' : 'jobs'} removed from the queue`, variant: 'success' });
  };

  const deleteFeed = async (feed: CalendarFeed) => {
    setDeleting(null);
    const deleted = await write({ table: TABLE.calendar_feeds, op: 'delete', rowId: feed.id });
    if (deleted.ok) toast({ title: 'Calendar feed deleted', description: 'It will not be fetched again. Dates it imported stay until you change them.', variant: 'success' });
  };

  const failed = [properties, feeds].find((r) => r.status === 'error');
  let body;
  if (failed?.status === 'error') body = <ErrorState error={failed.error} onRetry={failed.retry} />;
  else if (properties.status !== 'success' || feeds.status !== 'success') body = <SkeletonRows rows={4} columns={4} />;
  else if (liveProperties.length === 0) body = <EmptyState title="No properties yet">Add a property first; then connect the calendars of the sites it is listed on.</EmptyState>;
  else
    body = (
      <div className="channel-list">
        {liveProperties.map((p) => (
          <PropertyChannels
            key={p.id}
            property={p}
            feeds={feedsByProperty.get(p.id) ?? []}
            online={online}
            busy={starting}
            onSync={(ids) => void start(ids)}
            onAdd={() => setAdding(p.id)}
            onDelete={setDeleting}
          />
        ))}
      </div>
    );

  return (
    <Page
      title="Channels"
      description="Where your properties are listed, and the calendar feeds that keep their booked days in step."
      actions={
        <div className="row-actions">
          <Button variant="secondary" onClick={() => setAdding('')} disabled={properties.status !== 'success'}>
            Add feed
          </Button>
          <Button onClick={() => void start()} isLoading={starting} disabled={!online.available || activeFeeds.length === 0}>
            Sync all feeds
          </Button>
        </div>
      }
    >
      <OnlineOnlyNote state={online} />
      {partner}
      <Card>
        <CardHeader
          title="Sync queue"
          description="Each feed is fetched on the server, one after the other; finished jobs leave the queue after a while, failed ones stay until cleared."
          actions={
            <Button size="sm" variant="secondary" onClick={() => void clearQueue()} disabled={clearable.length === 0}>
              Clear queue
            </Button>
          }
        />
        <div className="sync-queue">
          {batch ? <BatchLine batch={batch} /> : null}
          {jobs.status === 'error' ? <ErrorState error={jobs.error} onRetry={jobs.retry} /> : null}
          {jobs.status === 'loading' ? <SkeletonRows rows={2} columns={2} /> : null}
          {jobs.status === 'success' && ordered.length === 0 ? <p className="muted">{running ? 'Waiting for the jobs to arrive…' : 'No sync jobs. Use "Sync now" on a feed or "Sync all feeds".'}</p> : null}
          {ordered.length ? (
            <ul className="sync-jobs" aria-label="Sync jobs">
              {ordered.map((j) => (
                <JobItem key={j.id} job={j} />
              ))}
            </ul>
          ) : null}
        </div>
      </Card>
      {body}
      {adding !== null && properties.rows ? <AddFeedDialog open onClose={() => setAdding(null)} properties={properties.rows.filter((p) => p.status !== 'archived')} initialProperty={adding} /> : null}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this calendar feed?"
        description={deleting ? `The ${sourceLabel(deleting.platform)} feed will no longer be fetched. Bookings and blocks it imported stay.` : undefined}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button variant="danger" onClick={() => deleting && void deleteFeed(deleting)}>
              Delete feed
            </Button>
          </>
        }
      />
    </Page>
  );
}
