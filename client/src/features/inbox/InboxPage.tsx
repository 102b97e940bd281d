/**
 * Inbox: guest messages grouped by booking with their unread state; replying, starting
 * a conversation from a booking and marking read all go through the outbox, so they work offline
 * and reach the server when the device is back online (a waiting message says so).
 */
import { useMemo, useState, type FormEvent } from 'react';
import { addDays } from '../../../../shared/dates';
import { TABLE, type Booking, type InboxMessage } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { usePendingRowIds } from '../../sync/sync-context';
import { useWrite } from '../../data/use-write';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Badge, StatusBadge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormMessage, Segmented, Textarea } from '../../components/ui/Field';
import { Select } from '../../components/ui/Input';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { useToast } from '../../components/ui/Toast';
import { usePropertyNames, useEveryBooking } from '../../data/common-rows';
import { emailMark, groupThreads, isUnread, messageableBookings, type Thread } from './threads';
import { markRead, sendMessage } from './mutations';
import { useT } from '../../i18n/use-t';
import './inbox.css';

const MAX_MESSAGE = 20_000;

/** Whether a reply reached the guest by e-mail, with the longer wording for screen readers and a tooltip. */
function EmailBadge({ message }: { message: InboxMessage }) {
  const t = useT();
  const mark = emailMark(message);
  if (!mark) return null;
  return (
    <span title={t(mark.description)}>
      <Badge tone={mark.tone}>{t(mark.label)}</Badge>
      <span className="visually-hidden">: {t(mark.description)}</span>
    </span>
  );
}

function Conversation({ thread, pending }: { thread: Thread<InboxMessage>; pending: Set<string> }) {
  const format = useFormat();
  const t = useT();
  const names = usePropertyNames();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { write, pending: busy, failure, clearFailure } = useWrite({ what: t('host.inbox.what'), toast: false });
  const unreadIds = thread.messages.filter(isUnread).map((m) => m.id);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const text = reply.trim();
    if (!text) {
      setError(t('host.inbox.writeFirst'));
      return;
    }
    if (text.length > MAX_MESSAGE) {
      setError(t('host.inbox.tooLong', { max: MAX_MESSAGE }));
      return;
    }
    setError(null);
    const sent = await write(sendMessage({ bookingId: thread.bookingId, guestName: thread.guestName, guestEmail: thread.guestEmail }, text));
    if (sent.ok) setReply('');
  };

  const read = () => {
    setError(null);
    void write(markRead(unreadIds));
  };

  const b = thread.booking;
  return (
    <section className="conversation" aria-label={t('host.inbox.conversationWith', { guest: thread.guestName })}>
      <header className="conversation__head">
        <div>
          <h2 className="conversation__title">{thread.guestName}</h2>
          <p className="muted conversation__meta">
            {thread.guestEmail || t('host.inbox.noEmail')}
            {b
              ? t('host.inbox.stayMeta', {
                  property: names.get(b.property_id) ?? t('host.bookings.property'),
                  from: format.date(b.check_in_date),
                  to: format.date(b.check_out_date),
                })
              : ''}
          </p>
        </div>
        {unreadIds.length ? (
          <Button size="sm" variant="secondary" onClick={read}>
            {t('host.inbox.markRead')}
          </Button>
        ) : null}
      </header>
      <ol className="message-list conversation__messages" tabIndex={0} aria-label={t('host.inbox.messages')}>
        {thread.messages.map((m) => (
          <li key={m.id} className={m.direction === 'inbound' ? 'message message--inbound' : 'message message--outbound'} data-message-id={m.id}>
            <div className="message__head">
              <span className="cell-strong">{m.direction === 'inbound' ? thread.guestName : t('host.inbox.you')}</span>
              <span className="message__marks">
                {pending.has(m.id) ? <Badge tone="warning">{t('host.inbox.waiting')}</Badge> : <StatusBadge status={m.status} />}
                <EmailBadge message={m} />
              </span>
            </div>
            <p className="message__body">{m.message_content}</p>
            <p className="message__time">{m.sent_at ? format.dateTime(m.sent_at) : t('host.inbox.notSent')}</p>
          </li>
        ))}
      </ol>
      <form className="form conversation__reply" onSubmit={(e) => void send(e)} noValidate>
        {(error ?? failure) ? <FormMessage>{error ?? failure}</FormMessage> : null}
        <Textarea
          label={t('host.inbox.replyTo', { guest: thread.guestName })}
          value={reply}
          onChange={(e) => {
            clearFailure();
            setReply(e.target.value);
          }}
          rows={3}
          maxLength={MAX_MESSAGE}
          hint={t('host.inbox.replyHint')}
        />
        <div className="form__row form__row--end">
          <Button type="submit" isLoading={busy}>
            {t('host.inbox.sendReply')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function NewMessageDialog({ bookings, onClose, onSent }: { bookings: Booking[]; onClose: () => void; onSent: (bookingId: string) => void }) {
  const format = useFormat();
  const t = useT();
  const names = usePropertyNames();
  const today = format.today();
  const choices = messageableBookings(bookings, today, addDays(today, -30));
  const [bookingId, setBookingId] = useState(choices[0]?.id ?? '');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ booking?: string; text?: string }>({});
  const { write, pending: busy, failure } = useWrite({ what: t('host.inbox.what'), toast: false });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const booking = choices.find((b) => b.id === bookingId);
    const found = { booking: booking ? undefined : t('host.inbox.chooseBooking'), text: text.trim() ? undefined : t('host.inbox.writeFirst') };
    setErrors(found);
    if (!booking || found.text) return;
    const sent = await write(sendMessage({ bookingId: booking.id, guestName: booking.guest_name, guestEmail: booking.guest_email }, text));
    if (sent.ok) onSent(booking.id);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('host.inbox.new')}
      description={t('host.inbox.newDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('host.common.cancel')}
          </Button>
          <Button type="submit" form="new-message-form" isLoading={busy} disabled={choices.length === 0}>
            {t('host.inbox.send')}
          </Button>
        </>
      }
    >
      <form id="new-message-form" className="form" onSubmit={(e) => void submit(e)} noValidate>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        {choices.length === 0 ? <FormMessage tone="info">{t('host.inbox.noStays')}</FormMessage> : null}
        <Select
          label={t('host.inbox.booking')}
          value={bookingId}
          onChange={(e) => setBookingId(e.target.value)}
          error={errors.booking}
          options={choices.map((b) => ({ value: b.id, label: t('host.inbox.bookingOption', { guest: b.guest_name || b.guest_email, property: names.get(b.property_id) ?? t('host.bookings.property'), from: format.date(b.check_in_date) }),
          }))}
        />
        <Textarea label={t('host.inbox.message')} value={text} onChange={(e) => setText(e.target.value)} error={errors.text} rows={5} maxLength={MAX_MESSAGE} />
      </form>
    </Dialog>
  );
}

export function HostInboxPage() {
  const format = useFormat();
  const t = useT();
  const { toast } = useToast();
  const messages = useRows(TABLE.inbox_messages, { PageSize: 100_000 });
  const bookings = useEveryBooking();
  const pending = usePendingRowIds(TABLE.inbox_messages);
  const [show, setShow] = useState<'all' | 'unread'>('all');
  const [selected, setSelected] = useState<string | null>(null);
  const [composing, setComposing] = useState(false);

  const threads = useMemo(() => (messages.rows && bookings.rows ? groupThreads(messages.rows, bookings.rows) : []), [messages.rows, bookings.rows]);
  const shown = show === 'unread' ? threads.filter((thread) => thread.unread > 0) : threads;
  const active = threads.find((thread) => thread.key === selected) ?? shown[0];
  const unreadTotal = threads.reduce((n, thread) => n + thread.unread, 0);
  const showOptions = [
    { value: 'all', label: t('host.inbox.all') },
    { value: 'unread', label: t('host.inbox.unread') },
  ] as const;

  const failed = [messages, bookings].find((r) => r.status === 'error');
  let body;
  if (failed?.status === 'error') body = <ErrorState error={failed.error} onRetry={failed.retry} />;
  else if (messages.status !== 'success' || bookings.status !== 'success') body = <SkeletonRows rows={4} columns={2} />;
  else if (threads.length === 0)
    body = (
      <EmptyState title={t('host.inbox.emptyTitle')} action={<Button onClick={() => setComposing(true)}>{t('host.inbox.writeToGuest')}</Button>}>
        {t('host.inbox.emptyText')}
      </EmptyState>
    );
  else
    body = (
      <div className="inbox">
        <nav className="inbox__threads"  aria-label={t('host.inbox.conversations')}>
          <Segmented label={t('host.inbox.show')} options={showOptions} value={show} onChange={setShow} />
          {shown.length ? (
            <ul className="thread-list">
              {shown.map((thread) => {
                const last = thread.messages[thread.messages.length - 1];
                return (
                  <li key={thread.key}>
                    <button
                      type="button"
                      className={thread.key === active?.key ? 'thread thread--active' : 'thread'}
                      aria-current={thread.key === active?.key ? 'true' : undefined}
                      onClick={() => setSelected(thread.key)}
                    >
                      <span className="thread__head">
                        <span className={thread.unread ? 'cell-strong' : undefined}>{thread.guestName}</span>
                        {thread.unread ? <Badge tone="info">{t('host.inbox.unreadCount', { count: thread.unread })}</Badge> : null}
                      </span>
                      <span className="thread__preview muted">{last?.message_content}</span>
                      <span className="thread__time muted">{last?.sent_at ? format.dateTime(last.sent_at) : t('host.inbox.waiting')}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="muted">{t('host.inbox.noUnread')}</p>
          )}
        </nav>
        {active ? <Conversation key={active.key} thread={active} pending={pending} /> : null}
      </div>
    );

  return (
    <Page
      title={t('host.inbox.title')}
      description={unreadTotal ? t('host.inbox.descriptionUnread', { count: unreadTotal }) : t('host.inbox.description')}
      actions={
        <Button onClick={() => setComposing(true)} disabled={bookings.status !== 'success'}>
          {t('host.inbox.new')}
        </Button>
      }
    >
      <Card className="card--flush">{body}</Card>
      {composing && bookings.rows ? (
        <NewMessageDialog
          bookings={bookings.rows}
          onClose={() => setComposing(false)}
          onSent={(bookingId) => {
            setComposing(false);
            setShow('all');
            setSelected(`booking:${bookingId}`);
            toast({ title: t('host.inbox.savedTitle'), description: t('host.inbox.savedText'), variant: 'success' });
          }}
        />
      ) : null}
    </Page>
  );
}
