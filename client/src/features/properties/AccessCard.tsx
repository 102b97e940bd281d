/**
 * The host's view and editor of a property's access details (door code, Wi-Fi, parking, arrival
 * notes): one `property_access` row per property, written through the outbox like every other
 * host write (works offline). Housekeepers receive them only from the day before a task of theirs
 * there until it is done (docs/security.md "Access details").
 */
import { useState, type FormEvent } from 'react';
import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useWrite } from '../../data/use-write';
import { SYNCED_TABLES } from '../../db/schema';
import { AccessDetails } from '../../components/access-details';
import { Card, CardHeader } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Input';
import { FormMessage, Textarea } from '../../components/ui/Field';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import type { Translations } from '../../../../shared/host-text';
import { useT } from '../../i18n/use-t';
import { accessTexts, TranslationsEditor, translationsToSave } from '../host-text';

const FIELDS = ['door_code', 'wifi_name', 'wifi_password', 'parking', 'arrival_notes'] as const;
type Draft = Record<(typeof FIELDS)[number], string>;
const LIMITS: Draft = { door_code: '100', wifi_name: '100', wifi_password: '200', parking: '20000', arrival_notes: '20000' };

export function AccessCard({ propertyId, readOnly }: { propertyId: string; readOnly: boolean }) {
  const t = useT();
  const result = useRows(TABLE.property_access, { PageSize: 1, Filters: [{ name: 'property_id', op: 'Equal', value: propertyId }] });
  const [editing, setEditing] = useState(false);
  const row = result.rows?.[0] ?? null;
  return (
    <Card>
      <CardHeader
        title={t('access.title')}
        description={t('host.properties.access.cardText')}
        actions={
          readOnly || result.status !== 'success' ? null : (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              {row ? t('host.properties.edit') : t('host.properties.access.add')}
            </Button>
          )
        }
      />
      {result.status === 'loading' ? <SkeletonRows rows={2} columns={2} /> : null}
      {result.status === 'error' ? <ErrorState error={result.error} onRetry={result.retry} /> : null}
      {result.status === 'success' ? <AccessDetails title={t('host.properties.access.howToGetIn')} access={row} emptyText={t('host.properties.access.empty')} /> : null}
      {editing ? <AccessDialog propertyId={propertyId} row={row} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}

function AccessDialog({ propertyId, row, onClose }: { propertyId: string; row: (Draft & { id: string; translations?: Translations }) | null; onClose: () => void }) {
  const t = useT();
  const { write, pending, failure } = useWrite({ what: t('host.properties.access.what'), toast: false });
  const [draft, setDraft] = useState<Draft>(() => Object.fromEntries(FIELDS.map((f) => [f, row?.[f] ?? ''])) as Draft);
  const [translations, setTranslations] = useState<Translations>(() => row?.translations ?? {});
  const set = (field: keyof Draft, value: string) => setDraft((d) => ({ ...d, [field]: value }));
  // Translated as they will be saved (trimmed), so that a translation stays current.
  const texts = accessTexts(t, { parking: draft.parking.trim(), arrival_notes: draft.arrival_notes.trim() });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const fields = { ...Object.fromEntries(FIELDS.map((f) => [f, draft[f].trim()])), translations: translationsToSave(translations, texts) };
    const request = row
      ? ({ table: SYNCED_TABLES.property_access, op: 'update', rowId: row.id, fields } as const)
      : ({ table: SYNCED_TABLES.property_access, op: 'create', fields: { ...fields, property_id: propertyId } } as const);
    if ((await write(request)).ok) onClose();
  };
  const formId = `access-form-${propertyId}`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('access.title')}
      description={t('host.properties.access.dialogText')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('host.common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            {t('host.properties.access.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" aria-label={t('access.title')} onSubmit={(e) => void save(e)}>
        <Input label={t('access.doorCode')} value={draft.door_code} maxLength={Number(LIMITS.door_code)} autoComplete="off" onChange={(e) => set('door_code', e.target.value)} />
        <Input label={t('host.properties.access.wifiName')} value={draft.wifi_name} maxLength={Number(LIMITS.wifi_name)} autoComplete="off" onChange={(e) => set('wifi_name', e.target.value)} />
        <Input label={t('host.properties.access.wifiPassword')} value={draft.wifi_password} maxLength={Number(LIMITS.wifi_password)} autoComplete="off" onChange={(e) => set('wifi_password', e.target.value)} />
        <Textarea label={t('access.parking')} value={draft.parking} maxLength={Number(LIMITS.parking)} onChange={(e) => set('parking', e.target.value)} />
        <Textarea label={t('access.arrivalNotes')} hint={t('host.properties.access.arrivalHint')} value={draft.arrival_notes} maxLength={Number(LIMITS.arrival_notes)} onChange={(e) => set('arrival_notes', e.target.value)} />
        <TranslationsEditor texts={texts} value={translations} onChange={setTranslations} />
        {failure ? <FormMessage>{failure}</FormMessage> : null}
      </form>
    </Dialog>
  );
}
