import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { StatusBadge } from '../../components/ui/Badge';
import { DataView } from '../../components/data-view';

export function HostInboxPage() {
  const format = useFormat();
  const result = useRows(TABLE.inbox_messages, { PageSize: 200, OrderByField: 'sent_at', IsAsc: false });
  return (
    <Page title="Inbox" description="Messages with your guests, newest first.">
      <Card className="card--flush">
        <DataView result={result} empty={{ title: 'No messages yet', text: 'Messages you send to guests and their replies appear here.' }}>
          {(rows) => (
            <ul className="message-list">
              {rows.map((m) => (
                <li key={m.id} className={m.direction === 'inbound' ? 'message message--inbound' : 'message message--outbound'}>
                  <div className="message__head">
                    <span className="cell-strong">
                      {m.direction === 'inbound' ? 'From' : 'To'} {m.guest_name || m.guest_email || 'guest'}
                    </span>
                    <StatusBadge status={m.status} />
                  </div>
                  <p className="message__body">{m.message_content}</p>
                  <p className="message__time">{m.sent_at ? format.dateTime(m.sent_at) : 'Not sent yet'}</p>
                </li>
              ))}
            </ul>
          )}
        </DataView>
      </Card>
    </Page>
  );
}
