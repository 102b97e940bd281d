/**
 * The moment to ask for notification permission: shown where an alert would have
 * helped (a housekeeper's open task, the host's new task), only while the browser has not been
 * asked (permission "default") and the user has not said "Not now" this week. Allowing also
 * subscribes this device to Web Push when online.
 */
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/Toast';
import { alertsPromptDismissed, askPermission, dismissAlertsPrompt, pushSupported, subscribeThisDevice } from './alerts';
import { useAlertState } from './use-alert-state';
import { useT } from '../../i18n/use-t';
import './notifications.css';

export function AlertsPrompt({ text }: { text: string }) {
  const { permission, refresh } = useAlertState();
  const { toast } = useToast();
  const [hidden, setHidden] = useState(() => alertsPromptDismissed());
  const [busy, setBusy] = useState(false);
  const t = useT();
  if (hidden || permission !== 'default') return null;

  const allow = async () => {
    setBusy(true);
    try {
      const state = await askPermission();
      if (state === 'granted' && pushSupported() && navigator.onLine) {
        await subscribeThisDevice().catch((error: unknown) =>
          toast({ title: t('push.title'), description: error instanceof Error ? error.message : t('push.error.notSubscribed'), variant: 'destructive' }),
        );
      }
      if (state === 'denied') dismissAlertsPrompt();
    } finally {
      setBusy(false);
      setHidden(true);
      refresh();
    }
  };

  return (
    <div className="alerts-prompt" role="region" aria-label={t('alertsPrompt.label')}>
      <p className="alerts-prompt__text">{text}</p>
      <div className="button-group">
        <Button size="lg" isLoading={busy} onClick={() => void allow()}>
          {t('alertsPrompt.turnOn')}
        </Button>
        <Button
          size="lg"
          variant="ghost"
          onClick={() => {
            dismissAlertsPrompt();
            setHidden(true);
          }}
        >
          {t('action.notNow')}
        </Button>
      </div>
    </div>
  );
}
