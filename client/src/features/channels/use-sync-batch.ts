/**
 * The sync batch the user started on this page (a batch moves running, then completed or failed)
 * and its toasts (the spec's texts of shared/messages.ts, from the host catalog). While it runs, the server's job list is read every 1.5 s: it
 * is the authority on how each job ended, even for jobs dropped 10 s after the batch, which the
 * live list on screen may never have seen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../components/ui/Toast';
import { useT } from '../../i18n/use-t';
import { errorText } from '../../api/http';
import { fetchJobs, syncFeeds } from './calendar-api';
import { summarizeBatch, type BatchSummary } from './jobs';

export const BATCH_POLL_MS = 1500;

export type Batch = { ids: string[]; summary: BatchSummary } | { ids: string[]; summary: null; error: string };

export function useSyncBatch() {
  const { toast } = useToast();
  const t = useT();
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
        if (feedIds) toast({ title: t('host.channels.jobsAdded'), description: t('host.channels.jobsAddedText', { count: jobs.length }), variant: 'success' });
        else toast({ title: t('host.channels.bulkStarted'), description: t('host.channels.bulkStartedText', { count: jobs.length }), variant: 'success' });
      } catch (error) {
        setBatch({ ids: [], summary: null, error: errorText(error, t('host.channels.bulkFailedText')) });
        toast({ title: t('host.channels.bulkFailed'), description: t('host.channels.bulkFailedText'), variant: 'destructive' });
      } finally {
        setStarting(false);
      }
    },
    [batch, toast, t],
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
          toast({
            title: t('host.channels.bulkCompleted'),
            description: t('host.channels.bulkCompletedText', { completed: summary.completed, failed: summary.failed }),
            variant: summary.failed > 0 ? 'default' : 'success',
          });
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
  }, [running, toast, t]);

  return { batch, starting, running, start, dismiss: () => setBatch(null) };
}
