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
import './photos.css';

const STATUS: Record<PhotoStatus, { text: string; tone: BadgeTone } | null> = {
  uploaded: null,
  waiting: { text: 'Waiting to upload', tone: 'info' },
  retrying: { text: 'Upload failed, retrying', tone: 'warning' },
  refused: { text: 'Not uploaded', tone: 'danger' },
  // Picked for a form not sent yet: it leaves with the form.
  draft: null,
};

function PhotoImage({ photo, size, alt }: { photo: PhotoView; size: 'full' | 'thumb'; alt: string }) {
  const { url, failed } = usePhotoUrl(photo, size);
  if (failed) return <span className="photo__placeholder">Could not load</span>;
  if (!url) return <span className="photo__placeholder">{size === 'full' ? <Spinner /> : null}</span>;
  return <img src={url} alt={alt} width={photo.width} height={photo.height} className={size === 'full' ? 'photo-viewer__image' : 'photo__image'} />;
}

/** The thumbnails of some photos; a tap opens one full size. `label` names what they show. */
export function PhotoGallery({ photos, label, userId }: { photos: readonly PhotoView[]; label: string; userId: string }) {
  const [open, setOpen] = useState<PhotoView | null>(null);
  if (photos.length === 0) return null;
  return (
    <>
      <ul className="photo-grid" aria-label={`Photos: ${label}`}>
        {photos.map((photo, index) => {
          const status = STATUS[photo.status];
          return (
            <li key={photo.id} className="photo">
              <button type="button" className="photo__button" onClick={() => setOpen(photo)} aria-label={`Open photo ${index + 1} of ${label}${status ? ` (${status.text})` : ''}`}>
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
  const status = photo ? STATUS[photo.status] : null;
  const canRemove = photo?.local && photo.status !== 'uploaded';
  const canRetry = canRemove && photo?.status !== 'draft';
  return (
    <Dialog
      open={photo !== null}
      onClose={onClose}
      size="lg"
      title={`Photo: ${label}`}
      description={photo ? `Taken ${format.dateTime(photo.takenAt)}` : undefined}
      footer={
        <>
          {canRemove && photo ? (
            <Button
              variant="ghost"
              onClick={() => {
                void removePhoto(photoDb(), photo.id).then(onClose);
              }}
            >
              Remove photo
            </Button>
          ) : null}
          {canRetry && photo ? (
            <Button
              variant="secondary"
              onClick={() => {
                void retryPhoto(photoDb(), photo.id).then(() => kickPhotoUploads(userId, true));
              }}
            >
              Try again now
            </Button>
          ) : null}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {photo ? (
        <div className="photo-viewer">
          {status ? (
            <p className="photo-viewer__status" role="status">
              <Badge tone={status.tone}>{status.text}</Badge>
              {photo.error ? <span className="muted"> {photo.error}</span> : <span className="muted"> Kept on this device; it uploads when the connection allows.</span>}
            </p>
          ) : null}
          <PhotoImage photo={photo} size="full" alt={`Photo: ${label}`} />
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
  const take = (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0) return;
    setBusy(true);
    setError(null);
    onFiles(files)
      .catch((err: unknown) => setError(err instanceof Error ? err.message : 'The photo could not be kept'))
      .finally(() => setBusy(false));
  };
  const described = error ? errorId : undefined;
  return (
    <div className={compact ? 'photo-add photo-add--compact' : 'photo-add'}>
      {compact ? null : <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={(e) => take(e.currentTarget)} />}
      <input ref={gallery} type="file" accept="image/*" multiple hidden onChange={(e) => take(e.currentTarget)} />
      {compact ? (
        <Button variant="ghost" size="sm" disabled={busy} aria-label={`Add a photo: ${label}`} aria-describedby={described} onClick={() => gallery.current?.click()}>
          {busy ? <Spinner /> : null}
          Add photo
        </Button>
      ) : (
        <>
          <Button variant="secondary" size="sm" disabled={busy} aria-label={`Take a photo: ${label}`} aria-describedby={described} onClick={() => camera.current?.click()}>
            {busy ? <Spinner /> : null}
            Take photo
          </Button>
          <Button variant="ghost" size="sm" disabled={busy} aria-label={`Add photos from the gallery: ${label}`} aria-describedby={described} onClick={() => gallery.current?.click()}>
            From gallery
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
export function pendingText(photos: readonly PhotoView[]): string | null {
  const waiting = photos.filter((p) => p.status === 'waiting' || p.status === 'retrying').length;
  const refused = photos.filter((p) => p.status === 'refused').length;
  const parts: string[] = [];
  if (waiting) parts.push(`${waiting} ${waiting === 1 ? 'photo' : 'photos'} waiting to upload`);
  if (refused) parts.push(`${refused} not uploaded (open ${refused === 1 ? 'it' : 'them'} to see why)`);
  return parts.length ? parts.join(', ') : null;
}
