/**
 * A property's photos: the first is the cover. Upload is online-only (the server stores and
 * resizes the file) and says so offline; reordering and removing are plain field writes through
 * the outbox, so they work offline too.
 */
import { useRef, useState } from 'react';
import type { Property } from '../../data/tables';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/Field';
import { useOnline } from '../../lib/use-online';
import { useToast } from '../../components/ui/Toast';
import { useSyncRuntime } from '../../sync/sync-context';
import { useWrite } from '../../data/use-write';
import { IMAGE_TYPES, setImages, uploadPropertyImage } from './mutations';
import { useT } from '../../i18n/use-t';

export function ImageGallery({ property }: { property: Property }) {
  const online = useOnline();
  const t = useT();
  const runtime = useSyncRuntime();
  const { toast } = useToast();
  const { write } = useWrite();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const images = property.images;

  const upload = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      await uploadPropertyImage(property.id, file);
      // The new gallery arrives with the next pull; ask for it now.
      void runtime.syncNow();
      toast({ title: t('host.properties.gallery.added'), description: t('host.properties.gallery.addedText', { file: file.name }) });
    } catch (e) {
      setError(e instanceof Error ? e.message : t('host.properties.gallery.uploadFailedText'));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const move = (from: number, to: number) => {
    const next = [...images];
    const [item] = next.splice(from, 1);
    if (item === undefined) return;
    next.splice(to, 0, item);
    void write(setImages(property.id, next));
  };

  return (
    <div className="gallery">
      {images.length ? (
        <ul className="gallery__grid" aria-label={t('host.properties.photos')}>
          {images.map((src, i) => (
            <li key={src} className="gallery__item">
              <img src={src} alt={t('host.properties.gallery.alt', { name: property.property_name, n: i + 1, cover: i === 0 ? 'yes' : 'no' })} loading="lazy" />
              <div className="gallery__actions">
                {i > 0 ? (
                  <Button size="sm" variant="secondary" onClick={() => move(i, 0)} aria-label={t('host.properties.gallery.makeCoverLabel', { n: i + 1 })}>
                    {t('host.properties.gallery.makeCover')}
                  </Button>
                ) : (
                  <span className="badge badge--accent">{t('host.properties.gallery.cover')}</span>
                )}
                <Button size="sm" variant="ghost" onClick={() => void write(setImages(property.id, images.filter((x) => x !== src)))} aria-label={t('host.properties.gallery.removeLabel', { n: i + 1 })}>
                  {t('host.properties.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('host.properties.gallery.none')}</p>
      )}
      {error ? <FormMessage title={t('host.properties.gallery.uploadFailed')}>{error}</FormMessage> : null}
      <div className="gallery__upload">
        <input
          ref={input}
          id={`upload-${property.id}`}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="visually-hidden"
          // The button below is the control: this input is only its file picker, named for
          // assistive technology and out of the tab order (axe: a form element needs a label).
          aria-label={t('host.properties.gallery.upload')}
          tabIndex={-1}
          disabled={!online || uploading}
          onChange={(e) => void upload(e.target.files)}
        />
        <Button variant="secondary" isLoading={uploading} disabled={!online} onClick={() => input.current?.click()} aria-describedby={`upload-note-${property.id}`}>
          {t('host.properties.gallery.upload')}
        </Button>
        <p id={`upload-note-${property.id}`} className="field__hint">
          {online ? t('host.properties.gallery.types') : t('host.properties.gallery.offline')}
        </p>
      </div>
    </div>
  );
}
