/**
 * The state of an admin form that saves an integration's credentials (PayPal, the channel partner):
 * a draft taken from what is saved (again whenever that changes), online only, the secret field
 * emptied after each save (a secret is never shown again), and a failure kept beside the form as
 * well as told by the caller (a toast).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { errorText } from '../api/http';
import { useOnlineOnly, type OnlineOnly } from './online-only';

type Options<D> = {
  /** What the server has saved (null before the first save): the draft follows it. */
  saved: unknown;
  draftOf: () => D;
  /** The draft field that holds the secret: emptied after a save. */
  secretField: keyof D;
  /** For the offline note: "configuring PayPal". */
  purpose: string;
  save: (draft: D) => Promise<unknown>;
  onSaved: () => void;
  /** The failure in words (the server's, or `fallbackError`). */
  onFailed: (text: string) => void;
  fallbackError: string;
};

export type CredentialsForm<D> = {
  draft: D;
  set: <K extends keyof D>(key: K, value: D[K]) => void;
  error: string | null;
  saving: boolean;
  online: OnlineOnly;
  submit: (event: FormEvent) => Promise<void>;
};

export function useCredentialsForm<D extends object>(options: Options<D>): CredentialsForm<D> {
  const { saved, draftOf, secretField, purpose, save, onSaved, onFailed, fallbackError } = options;
  const online = useOnlineOnly(purpose);
  const [draft, setDraft] = useState<D>(draftOf);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The draft follows what is saved (not the function that reads it, a new one each render).
  useEffect(() => setDraft(draftOf()), [saved]);
  const set = <K extends keyof D>(key: K, value: D[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!online.available) return;
    setSaving(true);
    setError(null);
    try {
      await save(draft);
      onSaved();
      setDraft((d) => ({ ...d, [secretField]: '' }));
    } catch (e) {
      const text = errorText(e, fallbackError);
      setError(text);
      onFailed(text);
    } finally {
      setSaving(false);
    }
  };

  return { draft, set, error, saving, online, submit };
}
