/**
 * "Push notifications on this device": the browser permission (default, granted, denied), whether
 * this device is subscribed to Web Push, and the switch. Subscribing and unsubscribing need the
 * server, so offline the card says so and the buttons wait.
 */
import { useState } from 'react';
import { Card, CardHeader } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { Badge } from '../../components/ui/Badge';
import { useToast } from '../../components/ui/Toast';
import { ApiError } from '../../api/http';
import { pushSupported, subscribeThisDevice, unsubscribeThisDevice } from './alerts';
import { useAlertState } from './use-alert-state';
import { useOnline } from '../../lib/use-online';
import './notifications.css';

export type PushSubscriptionCardProps = {
  /** Card heading (default "Push notifications on this device"). */
  title?: string;
  /** Line under the heading: what these alerts are about for this user. */
  description?: string;
};

const PERMISSION_TEXT = {
  default: { tone: 'neutral', label: 'Not asked yet', text: 'Your browser will ask whether Staykeep may show notifications.' },
  granted: { tone: 'success', label: 'Allowed', text: 'This browser may show Staykeep notifications.' },
  denied: {
    tone: 'danger',
    label: 'Blocked',
    text: 'Notifications are blocked for this site. Allow them in the browser’s site settings (the icon left of the address), then come back.',
  },
  unsupported: { tone: 'neutral', label: 'Not available', text: 'This browser cannot show notifications. Install the app or use a recent browser.' },
} as const;

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'The change could not be made on this device.';
}

export function PushSubscriptionCard({ title = 'Push notifications on this device', description = 'Task alerts reach this device even when Staykeep is closed.' }: PushSubscriptionCardProps) {
  const online = useOnline();
  const { toast } = useToast();
  const { permission, endpoint, refresh } = useAlertState();
  const [busy, setBusy] = useState(false);
  const info = PERMISSION_TEXT[permission];
  const supported = pushSupported();

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      toast({ title: done, variant: 'success' });
    } catch (error) {
      toast({ title: 'Push notifications', description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <Card className="push-card">
      <CardHeader title={title} description={description} />
      <dl className="details">
        <div>
          <dt>Browser permission</dt>
          <dd>
            <Badge tone={info.tone}>{info.label}</Badge>
            <p className="field__hint push-card__hint">{info.text}</p>
          </dd>
        </div>
        <div>
          <dt>This device</dt>
          <dd>{endpoint === undefined ? <span className="muted">Checking…</span> : endpoint ? <Badge tone="success">Subscribed</Badge> : <Badge>Not subscribed</Badge>}</dd>
        </div>
      </dl>
      {!online ? (
        <p className="form-message form-message--info" role="status">
          You are offline. Turning push notifications on or off needs a connection.
        </p>
      ) : null}
      <div className="button-group push-card__actions">
        {endpoint ? (
          <Button variant="secondary" size="lg" isLoading={busy} disabled={!online} onClick={() => void act(unsubscribeThisDevice, 'Push notifications turned off on this device')}>
            Turn off on this device
          </Button>
        ) : (
          <Button size="lg" isLoading={busy} disabled={!online || !supported || permission === 'denied' || endpoint === undefined} onClick={() => void act(subscribeThisDevice, 'Push notifications turned on for this device')}>
            Turn on for this device
          </Button>
        )}
      </div>
    </Card>
  );
}
