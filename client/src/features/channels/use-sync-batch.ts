/**
 * The sync batch the user started on this page (a batch moves running, then completed or failed)
 * and its toasts (texts of shared/messages.ts). While it runs, the server's job list is read every 1.5 s: it
 * is the authority on how each job ended, even for jobs dropped 10 s after the batch, which the
 * live list on screen may never have seen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { BULK_SYNC_COMPLETED, BULK_SYNC_FAILED, BULK_SYNC_FAILED_TEXT, BULK_SYNC_STARTED, SYNC_JOBS_ADDED, bulkSyncCompletedText } from '../../../../shared/messages';
import { useToast } from '../../components/ui/Toast';
import { errorText } from '../../api/http';
import { fetchJobs, syncFeeds } from './calendar-api';
import { summarizeBatch, type BatchSummary } from './jobs';

export const BATCH_POLL_MS = 1500;

export type Batch = { ids: string[]; summary: BatchSummary } | { ids: string[]; summary: null; error: string };

export function useSyncBatch() {
  const { toast } = useToast();
  const [batch, setBatch] = useState<Batch | null>(null);
  const [starting, setStarting] = useState(false);
  const running = batch?.summary?.state === 'running';
  const ids = useRef<string[]>([]);

  const start = useCallback(
    async (feedIds?: string[]) => {
      setStarting(true);
      try {
        const jobs = await syncFeeds(feedIds);
        // A batch started while another runs joins it: the server runs them one after the other.
        const joined = [...new Set([...(batch?.summary?.state === 'running' ? batch.ids : []), ...jobs.map((j) => j.id)])];
        ids.current = joined;
        setBatch({ ids: joined, summary: summarizeBatch(joined, jobs) });
        if (feedIds) toast({ title: SYNC_JOBS_ADDED, description: `${jobs.length} calendar ${jobs.length === 1 ? 'feed is' : 'feeds are'} queued for sync`, variant: 'success' });
        else toast({ title: BULK_SYNC_STARTED, description: `Syncing ${jobs.length} calendar ${jobs.length === 1 ? 'feed' : 'feeds'}, one after the other`, variant: 'success' });
      } catch (error) {
        setBatch({ ids: [], summary: null, error: errorText(error, BULK_SYNC_FAILED_TEXT) });
        toast({ title: BULK_SYNC_FAILED, description: BULK_SYNC_FAILED_TEXT, variant: 'destructive' });
      } finally {
        setStarting(false);
      }
    },
    [batch, toast],
  );

  useEffect(() => {
    if (!running) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const jobs = await fetchJobs(controller.signal);
        const summary = summarizeBatch(ids.current, jobs);
        if (summary.state !== 'running') {
          setBatch({ ids: ids.current, summary });
          toast({ title: BULK_SYNC_COMPLETED, description: bulkSyncCompletedText(summary.completed, summary.failed), variant: summary.failed > 0 ? 'default' : 'success' });
          return;
        }
        setBatch((current) => (current && current.summary ? { ids: ids.current, summary } : current));
      } catch {
        if (controller.signal.aborted) return;
        // A dropped connection: keep asking; the jobs run on the server regardless.
      }
      timer = setTimeout(() => void poll(), BATCH_POLL_MS);
    };
    timer = setTimeout(() => void poll(), BATCH_POLL_MS);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [running, toast]);

  return { batch, starting, running, start, dismiss: () => setBatch(null) };
}
