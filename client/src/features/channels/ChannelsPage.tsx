/**
 * Channels: per property its booking-site listings and iCal feeds (add, delete, last successful
 * fetch, event count, last error, sync now), bulk sync of every feed, and the sync queue live
 * with progress bars (the steps, statuses and queue rules of jobs.ts).
 * Feeds and syncs are online-only commands; the rows they make arrive through sync.
 */
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
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
import { useT } from '../../i18n/use-t';
import './channels.css';

const FEEDS_QUERY = { PageSize: 1000, OrderByField: 'created_at', IsAsc: true } as const;
const JOBS_QUERY = { PageSize: 500 } as const;
const OTHER = 'other';
/** The address field's example (a URL, not words). */
const FEED_URL_EXAMPLE = 'https://…/calendar.ics';

function FeedState({ feed }: { feed: CalendarFeed }) {
  const t = useT();
  if (!feed.is_active) return <Badge>{t('host.channels.state.paused')}</Badge>;
  if (feed.last_error) return <Badge tone="danger">{t('host.channels.state.failing')}</Badge>;
  if (feed.last_success_at) return <Badge tone="success">{t('host.channels.state.inSync')}</Badge>;
  return <Badge tone="info">{t('host.channels.state.notSynced')}</Badge>;
}

function AddFeedDialog({ open, onClose, properties, initialProperty }: { open: boolean; onClose: () => void; properties: Property[]; initialProperty: string }) {
  const { toast } = useToast();
  const t = useT();
  const online = useOnlineOnly(t('host.channels.addingFeed'));
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
      const property = properties.find((p) => p.id === propertyId)?.property_name ?? t('host.channels.theProperty');
      toast({ title: t('host.channels.added'), description: t('host.channels.addedText', { site: sourceLabel(input.platform), property }), variant: 'success' });
      setUrl('');
      setOtherPlatform('');
      onClose();
    } catch (error) {
      setErrors(placeServerError(errorText(error, t('host.channels.addFailed'))));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('host.channels.addTitle')}
      description={t('host.channels.addText')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('host.common.cancel')}
          </Button>
          <Button type="submit" form="add-feed-form" isLoading={saving} disabled={!online.available}>
            {t('host.channels.addFeed')}
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
                  {t('host.properties.seeLargerPlans')}
                </Link>
              </>
            ) : null}
          </FormMessage>
        ) : null}
        <Select
          label={t('host.channels.property')}
          value={propertyId}
          onChange={(e) => setPropertyId(e.target.value)}
          error={errors.propertyId}
          options={[{ value: '', label: t('host.common.chooseProperty') }, ...properties.map((p) => ({ value: p.id, label: p.property_name }))]}
        />
        <Select
          label={t('host.channels.platform')}
          value={platform}
          onChange={(e) => setPlatform(e.target.value)}
          error={platform === OTHER ? undefined : errors.platform}
          options={FEED_PLATFORMS.map((p) => ({ value: p, label: p === OTHER ? t('host.channels.otherSite') : sourceLabel(p) }))}
        />
        {platform === OTHER ? <Input label={t('host.channels.siteName')} value={otherPlatform} onChange={(e) => setOtherPlatform(e.target.value)} error={errors.platform} maxLength={50} required /> : null}
        <Input
          label={t('host.channels.address')}
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={errors.iCalUrl}
          placeholder={FEED_URL_EXAMPLE}
          required
          autoComplete="off"
        />
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
  const t = useT();
  const listings = Object.entries(property.ota_listings);
  const columns: Column<CalendarFeed>[] = [
    { key: 'platform', header: t('host.channels.platform'), render: (f) => <span className="cell-strong">{sourceLabel(f.platform)}</span> },
    {
      key: 'url',
      header: t('host.channels.column.address'),
      secondary: true,
      render: (f) => (
        <span className="feed-url" title={f.ical_url}>
          {f.ical_url}
        </span>
      ),
    },
    { key: 'state', header: t('host.channels.column.state'), render: (f) => <FeedState feed={f} /> },
    { key: 'last', header: t('host.channels.column.lastFetch'), render: (f) => (f.last_success_at ? format.dateTime(f.last_success_at) : t('host.channels.never')) },
    { key: 'events', header: t('host.channels.column.events'), align: 'end', render: (f) => f.event_count },
    { key: 'error', header: t('host.channels.column.lastError'), render: (f) => (f.last_error ? <span className="feed-error">{f.last_error}</span> : '—') },
    {
      key: 'actions',
      header: t('host.channels.column.actions'),
      align: 'end',
      render: (f) => (
        <div className="row-actions">
          <Button size="sm" variant="secondary" onClick={() => onSync([f.id])} disabled={!online.available || busy} aria-label={t('host.channels.syncNowLabel', { site: sourceLabel(f.platform), property: property.property_name })}>
            {t('host.channels.syncNow')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onDelete(f)} aria-label={t('host.channels.deleteLabel', { site: sourceLabel(f.platform), property: property.property_name })}>
            {t('host.channels.delete')}
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
            t('host.channels.notListed')
          )
        }
        actions={
          <Button size="sm" variant="secondary" onClick={onAdd} aria-label={t('host.channels.addFeedTo', { property: property.property_name })}>
            {t('host.channels.addFeed')}
          </Button>
        }
      />
      {feeds.length ? (
        <Table caption={t('host.channels.feedsOf', { property: property.property_name })} columns={columns} rows={feeds} rowKey={(f) => f.id} />
      ) : (
        <p className="muted channel-empty">{t('host.channels.noFeeds')}</p>
      )}
    </Card>
  );
}

function BatchLine({ batch }: { batch: Batch }) {
  const t = useT();
  if (!batch.summary) return <FormMessage tone="error">{t('host.channels.syncFailed', { error: batch.error })}</FormMessage>;
  const { state, completed, failed, total } = batch.summary;
  return (
    <p className="batch-line" role="status">
      <StatusBadge status={state} />{' '}
      {state === 'running' ? t('host.channels.syncing', { done: completed + failed, total }) : t('host.channels.bulkCompletedText', { completed, failed })}
    </p>
  );
}

function JobItem({ job }: { job: CalendarSyncJob }) {
  const format = useFormat();
  const t = useT();
  const step = job.status === 'completed' ? 100 : progressStep(job.progress);
  const name = t('host.channels.jobName', { property: job.propertyName || t('host.channels.property'), site: sourceLabel(job.platform) });
  return (
    <li className={`sync-job sync-job--${job.status}`} data-job-id={job.id} data-status={job.status}>
      <div className="sync-job__head">
        <span className="cell-strong">{name}</span>
        <StatusBadge status={job.status} />
      </div>
      <progress className="sync-job__bar" max={100} value={step} aria-label={t('host.channels.jobProgress', { name, step })} />
      <p className="sync-job__message">
        <span>{job.message}</span>
        <span className="muted">
          {job.endTime
            ? t('host.channels.jobFinished', { step, time: format.time(job.endTime) })
            : job.startTime
              ? t('host.channels.jobStarted', { step, time: format.time(job.startTime) })
              : t('host.channels.jobPercent', { step })}
        </span>
      </p>
    </li>
  );
}

/** `partner`: the channel-partner connection card, composed in by the route (features do not import each other). */
export function HostChannelsPage({ partner }: { partner?: ReactNode } = {}) {
  const { write } = useWrite();
  const { toast } = useToast();
  const t = useT();
  const properties = useProperties();
  const feeds = useRows(TABLE.calendar_feeds, FEEDS_QUERY);
  const jobs = useRows(TABLE.calendar_sync_jobs, JOBS_QUERY);
  const online = useOnlineOnly(t('host.channels.syncingCalendars'));
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
    if (cleared.ok) toast({ title: t('host.channels.queueCleared'), description: t('host.channels.queueClearedText', { count: clearable.length }), variant: 'success' });
  };

  const deleteFeed = async (feed: CalendarFeed) => {
    setDeleting(null);
    const deleted = await write({ table: TABLE.calendar_feeds, op: 'delete', rowId: feed.id });
    if (deleted.ok) toast({ title: t('host.channels.deleted'), description: t('host.channels.deletedText'), variant: 'success' });
  };

  const failed = [properties, feeds].find((r) => r.status === 'error');
  let body;
  if (failed?.status === 'error') body = <ErrorState error={failed.error} onRetry={failed.retry} />;
  else if (properties.status !== 'success' || feeds.status !== 'success') body = <SkeletonRows rows={4} columns={4} />;
  else if (liveProperties.length === 0) body = <EmptyState title={t('host.common.noPropertiesYet')}>{t('host.channels.noPropertiesText')}</EmptyState>;
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
      title={t('host.channels.title')}
      description={t('host.channels.description')}
      actions={
        <div className="row-actions">
          <Button variant="secondary" onClick={() => setAdding('')} disabled={properties.status !== 'success'}>
            {t('host.channels.addFeed')}
          </Button>
          <Button onClick={() => void start()} isLoading={starting} disabled={!online.available || activeFeeds.length === 0}>
            {t('host.channels.syncAll')}
          </Button>
        </div>
      }
    >
      <OnlineOnlyNote state={online} />
      {partner}
      <Card>
        <CardHeader
          title={t('host.channels.queue')}
          description={t('host.channels.queueText')}
          actions={
            <Button size="sm" variant="secondary" onClick={() => void clearQueue()} disabled={clearable.length === 0}>
              {t('host.channels.clearQueue')}
            </Button>
          }
        />
        <div className="sync-queue">
          {batch ? <BatchLine batch={batch} /> : null}
          {jobs.status === 'error' ? <ErrorState error={jobs.error} onRetry={jobs.retry} /> : null}
          {jobs.status === 'loading' ? <SkeletonRows rows={2} columns={2} /> : null}
          {jobs.status === 'success' && ordered.length === 0 ? <p className="muted">{running ? t('host.channels.waiting') : t('host.channels.noJobs')}</p> : null}
          {ordered.length ? (
            <ul className="sync-jobs" aria-label={t('host.channels.jobs')}>
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
        title={t('host.channels.deleteTitle')}
        description={deleting ? t('host.channels.deleteText', { site: sourceLabel(deleting.platform) }) : undefined}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('host.channels.keep')}
            </Button>
            <Button variant="danger" onClick={() => deleting && void deleteFeed(deleting)}>
              {t('host.channels.deleteFeed')}
            </Button>
          </>
        }
      />
    </Page>
  );
}
