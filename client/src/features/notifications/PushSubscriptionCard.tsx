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
import { t as translate, type MessageId } from '../../i18n';
import { useT } from '../../i18n/use-t';
import './notifications.css';

export type PushSubscriptionCardProps = {
  /** Card heading (default "Push notifications on this device"). */
  title?: string;
  /** Line under the heading: what these alerts are about for this user. */
  description?: string;
};

const PERMISSION_TEXT = {
  default: { tone: 'neutral', label: 'push.permission.default', text: 'push.permission.defaultText' },
  granted: { tone: 'success', label: 'push.permission.granted', text: 'push.permission.grantedText' },
  denied: { tone: 'danger', label: 'push.permission.denied', text: 'push.permission.deniedText' },
  unsupported: { tone: 'neutral', label: 'push.permission.unsupported', text: 'push.permission.unsupportedText' },
} as const satisfies Record<string, { tone: string; label: MessageId; text: MessageId }>;

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return translate('push.error.generic');
}

export function PushSubscriptionCard({ title, description }: PushSubscriptionCardProps) {
  const t = useT();
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
      toast({ title: t('push.title'), description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <Card className="push-card">
      <CardHeader title={title ?? t('push.card.title')} description={description ?? t('push.card.description')} />
      <dl className="details">
        <div>
          <dt>{t('push.card.permission')}</dt>
          <dd>
            <Badge tone={info.tone}>{t(info.label)}</Badge>
            <p className="field__hint push-card__hint">{t(info.text)}</p>
          </dd>
        </div>
        <div>
          <dt>{t('push.card.thisDevice')}</dt>
          <dd>
            {endpoint === undefined ? (
              <span className="muted">{t('state.checking')}</span>
            ) : endpoint ? (
              <Badge tone="success">{t('push.card.subscribed')}</Badge>
            ) : (
              <Badge>{t('push.card.notSubscribed')}</Badge>
            )}
          </dd>
        </div>
      </dl>
      {!online ? (
        <p className="form-message form-message--info" role="status">
          {t('push.card.offline')}
        </p>
      ) : null}
      <div className="button-group push-card__actions">
        {endpoint ? (
          <Button variant="secondary" size="lg" isLoading={busy} disabled={!online} onClick={() => void act(unsubscribeThisDevice, t('push.card.turnedOff'))}>
            {t('push.card.turnOff')}
          </Button>
        ) : (
          <Button size="lg" isLoading={busy} disabled={!online || !supported || permission === 'denied' || endpoint === undefined} onClick={() => void act(subscribeThisDevice, t('push.card.turnedOn'))}>
            {t('push.card.turnOn')}
          </Button>
        )}
      </div>
    </Card>
  );
}
