import { useCallback, useEffect, useState } from 'react';
import { readStorageState, type StorageState } from '../../pwa/persist';

/** The browser's storage figures for this site, read on mount and on `refresh` (undefined while reading). */
export function useStorageState(): { state: StorageState | undefined; refresh: () => void } {
  const [state, setState] = useState<StorageState>();
  const refresh = useCallback(() => {
    void readStorageState().then(setState);
  }, []);
  useEffect(refresh, [refresh]);
  return { state, refresh };
}
