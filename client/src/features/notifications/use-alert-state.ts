import { useCallback, useEffect, useState } from 'react';
import { currentSubscription, notificationPermission, pushSupported, type PermissionState } from './alerts';

export type AlertState = {
  permission: PermissionState;
  /** This device's push subscription endpoint, null when not subscribed, undefined while checking. */
  endpoint: string | null | undefined;
  refresh: () => void;
};

/** The browser permission (default, granted, denied) and this device's push subscription. */
export function useAlertState(): AlertState {
  const [permission, setPermission] = useState<PermissionState>(() => notificationPermission());
  const [endpoint, setEndpoint] = useState<string | null | undefined>(pushSupported() ? undefined : null);
  const checkSubscription = useCallback(() => {
    void currentSubscription()
      .then((s) => setEndpoint(s?.endpoint ?? null))
      .catch(() => setEndpoint(null));
  }, []);
  const refresh = useCallback(() => {
    setPermission(notificationPermission());
    checkSubscription();
  }, [checkSubscription]);
  useEffect(() => {
    // The permission was read as the state began (a synchronous call into the browser): not again here.
    checkSubscription();
    // The user may change the permission in the browser's site settings while the page is open.
    let status: PermissionStatus | null = null;
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.onchange = refresh;
      })
      .catch(() => undefined);
    return () => {
      if (status) status.onchange = null;
    };
  }, [checkSubscription, refresh]);
  return { permission, endpoint, refresh };
}
