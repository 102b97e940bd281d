/**
 * Photos in the task dialog: thumbnails with their upload state, the full-size viewer (an
 * accessible dialog), and the buttons that take a photo with the camera or pick one from the
 * gallery. Works offline: a photo is shrunk and kept on the device at once, and shown from there.
 */
import { useId, useRef, useState } from 'react';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { useFormat } from '../../lib/display';
import { removePhoto, retryPhoto } from './queue';
import { photoDb } from './store';
import { kickPhotoUploads } from './uploader';
import { usePhotoUrl, type PhotoStatus, type PhotoView } from './use-photos';
import { useT } from '../../i18n/use-t';
import type { MessageId, MessageValues } from '../../i18n';
import './photos.css';

const STATUS: Record<PhotoStatus, { text: MessageId; tone: BadgeTone } | null> = {
  uploaded: null,
  waiting: { text: 'photos.status.waiting', tone: 'info' },
  retrying: { text: 'photos.status.retrying', tone: 'warning' },
  refused: { text: 'photos.status.refused', tone: 'danger' },
  // Picked for a form not sent yet: it leaves with the form.
  draft: null,
};

function PhotoImage({ photo, size, alt }: { photo: PhotoView; size: 'full' | 'thumb'; alt: string }) {
  const { url, failed } = usePhotoUrl(photo, size);
  const t = useT();
  if (failed) return <span className="photo__placeholder">{t('photos.couldNotLoad')}</span>;
  if (!url) return <span className="photo__placeholder">{size === 'full' ? <Spinner /> : null}</span>;
  return <img src={url} alt={alt} width={photo.width} height={photo.height} className={size === 'full' ? 'photo-viewer__image' : 'photo__image'} />;
}

/** The thumbnails of some photos; a tap opens one full size. `label` names what they show. */
export function PhotoGallery({ photos, label, userId }: { photos: readonly PhotoView[]; label: string; userId: string }) {
  const [open, setOpen] = useState<PhotoView | null>(null);
  const t = useT();
  if (photos.length === 0) return null;
  return (
    <>
      <ul className="photo-grid" aria-label={t('photos.listLabel', { label })}>
        {photos.map((photo, index) => {
          const status = STATUS[photo.status];
          return (
            <li key={photo.id} className="photo">
              <button type="button" className="photo__button" onClick={() => setOpen(photo)} aria-label={status ? t('photos.openWithStatus', { number: index + 1, label, status: t(status.text) }) : t('photos.open', { number: index + 1, label })}>
                <PhotoImage photo={photo} size="thumb" alt="" />
                {status ? (
                  <span className={`photo__state photo__state--${photo.status}`} aria-hidden="true">
                    {photo.status === 'refused' ? '!' : '↑'}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      <PhotoViewer photo={open} label={label} userId={userId} onClose={() => setOpen(null)} />
    </>
  );
}

function PhotoViewer({ photo, label, userId, onClose }: { photo: PhotoView | null; label: string; userId: string; onClose: () => void }) {
  const format = useFormat();
  const t = useT();
  const status = photo ? STATUS[photo.status] : null;
  const canRemove = photo?.local && photo.status !== 'uploaded';
  const canRetry = canRemove && photo?.status !== 'draft';
  return (
    <Dialog
      open={photo !== null}
      onClose={onClose}
      size="lg"
      title={t('photos.title', { label })}
      description={photo ? t('photos.taken', { when: format.dateTime(photo.takenAt) }) : undefined}
      footer={
        <>
          {canRemove && photo ? (
            <Button
              variant="ghost"
              onClick={() => {
                void removePhoto(photoDb(), photo.id).then(onClose);
              }}
            >
              {t('photos.remove')}
            </Button>
          ) : null}
          {canRetry && photo ? (
            <Button
              variant="secondary"
              onClick={() => {
                void retryPhoto(photoDb(), photo.id).then(() => kickPhotoUploads(userId, true));
              }}
            >
              {t('photos.retry')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('action.close')}</Button>
        </>
      }
    >
      {photo ? (
        <div className="photo-viewer">
          {status ? (
            <p className="photo-viewer__status" role="status">
              <Badge tone={status.tone}>{t(status.text)}</Badge>
              {photo.error ? <span className="muted"> {photo.error}</span> : <span className="muted"> {t('photos.keptOnDevice')}</span>}
            </p>
          ) : null}
          <PhotoImage photo={photo} size="full" alt={t('photos.title', { label })} />
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * "Take photo" (the rear camera, where the device has one) and "From gallery": file inputs behind
 * buttons. `compact` (a checklist item) shows one "Add photo" button, whose chooser on a phone
 * offers the camera and the gallery both. `label` names what the photo is of, for screen readers.
 */
export function AddPhotoButtons({ label, onFiles, compact = false }: { label: string; onFiles: (files: File[]) => Promise<void>; compact?: boolean }) {
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = useT();
  const take = (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0) return;
    setBusy(true);
    setError(null);
    onFiles(files)
      .catch((err: unknown) => setError(err instanceof Error ? err.message : t('photos.notKept')))
      .finally(() => setBusy(false));
  };
  const described = error ? errorId : undefined;
  return (
    <div className={compact ? 'photo-add photo-add--compact' : 'photo-add'}>
      {compact ? null : <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={(e) => take(e.currentTarget)} />}
      <input ref={gallery} type="file" accept="image/*" multiple hidden onChange={(e) => take(e.currentTarget)} />
      {compact ? (
        <Button variant="ghost" size="sm" disabled={busy} aria-label={t('photos.addLabel', { label })} aria-describedby={described} onClick={() => gallery.current?.click()}>
          {busy ? <Spinner /> : null}
          {t('photos.add')}
        </Button>
      ) : (
        <>
          <Button variant="secondary" size="sm" disabled={busy} aria-label={t('photos.takeLabel', { label })} aria-describedby={described} onClick={() => camera.current?.click()}>
            {busy ? <Spinner /> : null}
            {t('photos.take')}
          </Button>
          <Button variant="ghost" size="sm" disabled={busy} aria-label={t('photos.galleryLabel', { label })} aria-describedby={described} onClick={() => gallery.current?.click()}>
            {t('photos.gallery')}
          </Button>
        </>
      )}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** How many of these photos have not reached the server, in words (null when all have). */
export function pendingText(photos: readonly PhotoView[], t: (id: MessageId, values?: MessageValues) => string): string | null {
  const waiting = photos.filter((p) => p.status === 'waiting' || p.status === 'retrying').length;
  const refused = photos.filter((p) => p.status === 'refused').length;
  if (waiting && refused) return t('photos.pendingBoth', { waiting, refused });
  if (waiting) return t('photos.pendingWaiting', { count: waiting });
  if (refused) return t('photos.pendingRefused', { count: refused });
  return null;
}
