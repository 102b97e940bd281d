/**
 * Create or edit a property with every field: amenities picker, OTA
 * listings as platform → reference rows, timezone, and the gallery once the property exists.
 * Writes go through the outbox (offline too). A new property past the tier's limit is refused here
 * with the server's words and a way to a larger plan.
 */
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import { PROPERTY_STATUSES, PROPERTY_TYPES } from '../../../../shared/enums';
import { isTimeZone } from '../../../../shared/format/dates';
import type { Property } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { CheckboxGroup, FormMessage, NumberInput, Textarea } from '../../components/ui/Field';
import { Input, Select } from '../../components/ui/Input';
import { useToast } from '../../components/ui/Toast';
import { useWrite } from '../../data/use-write';
import { ImageGallery } from './ImageGallery';
import { createProperty, updateProperty } from './mutations';
import {
  COMMON_AMENITIES,
  LISTING_PLATFORMS,
  draftOfProperty,
  emptyPropertyDraft,
  hasErrors,
  limitMessage,
  propertyFields,
  timezoneOptions,
  currencyOptions,
  usualCurrency,
  validateProperty,
  type PropertyDraft,
  type TierLimit,
} from './property-rules';
import { usePropertyLimit } from './use-tier';
import { useAmenityLabel } from './amenity-labels';
import { useProperties } from '../../data/common-rows';
import { currencyDecimals } from '../../../../shared/money';
import { currencyLabel } from '../../../../shared/format/money';
import { sourceLabel } from '../../lib/source-label';
import { useTaskLabels } from '../tasks';
import { useT } from '../../i18n/use-t';
import './properties.css';

function supportedZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
}

export function UpgradeNotice({ limit }: { limit: TierLimit }) {
  const t = useT();
  return (
    <FormMessage tone="warning" title={t('host.properties.limitTitle')}>
      <p>{limitMessage(limit)}.</p>
      <p>
        <Link to="/host/subscription" className="text-link">
          {t('host.properties.seeLargerPlans')}
        </Link>
      </p>
    </FormMessage>
  );
}

export function PropertyForm({ open, property, onClose }: { open: boolean; property: Property | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={property ? t('host.properties.form.title', { name: property.property_name }) : t('host.properties.new')} size="lg">
      {open ? <PropertyFormBody key={property?.id ?? 'new'} property={property} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PropertyFormBody({ property, onClose }: { property: Property | null; onClose: () => void }) {
  const format = useFormat();
  const t = useT();
  const labels = useTaskLabels();
  const amenityLabel = useAmenityLabel();
  const { toast } = useToast();
  const { write, pending: saving, failure } = useWrite({ what: t('host.properties.form.what'), toast: false });
  const limit = usePropertyLimit();
  const others = useProperties();
  const [draft, setDraft] = useState<PropertyDraft>(() => (property ? draftOfProperty(property) : emptyPropertyDraft(format.settings.timezone, usualCurrency(others.rows ?? []))));
  const currencies = useMemo(() => currencyOptions(draft.currency), [draft.currency]);
  const [submitted, setSubmitted] = useState(false);
  const [customAmenity, setCustomAmenity] = useState('');
  const zones = useMemo(() => timezoneOptions(draft.timezone, supportedZones()), [draft.timezone]);
  const errors = validateProperty(draft, isTimeZone);
  const err = (field: keyof PropertyDraft): string | undefined => (submitted || field !== 'property_name' ? (errors[field] as string | undefined) : undefined);
  const set = <K extends keyof PropertyDraft>(field: K, value: PropertyDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));
  const limited = property === null && limit?.reached === true;
  // Bringing an archived property back counts against the limit too.
  const restoring = property?.status === 'archived' && draft.status !== 'archived' && limit?.reached === true;

  const amenityOptions = [...new Set([...COMMON_AMENITIES, ...draft.amenities])].map((a) => ({ value: a, label: amenityLabel(a) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(errors) || limited || restoring) return;
    const fields = propertyFields(draft);
    // A new row is complete on this device too (the server adds the export URL on sync).
    const saved = await write(property ? updateProperty(property.id, fields) : createProperty({ ...fields, images: [] }));
    if (!saved.ok) return;
    toast({ title: property ? t('host.properties.form.saved') : t('host.properties.form.added'), description: navigator.onLine ? t('host.common.savedOnline') : t('host.common.savedOffline') });
    onClose();
  };

  const setListing = (i: number, patch: Partial<{ platform: string; reference: string }>) =>
    set(
      'listings',
      draft.listings.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );

  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)} aria-label={property ? t('host.properties.form.edit') : t('host.properties.new')}>
      {limited || restoring ? limit && <UpgradeNotice limit={limit} /> : null}
      {failure ? <FormMessage title={t('host.properties.form.notSaved')}>{failure}</FormMessage> : null}
      <div className="form-grid">
        <Input label={t('host.properties.form.name')} required value={draft.property_name} onChange={(e) => set('property_name', e.target.value)} error={err('property_name')} autoComplete="off" />
        <Select
          label={t('host.properties.form.type')}
          value={draft.property_type}
          onChange={(e) => set('property_type', e.target.value)}
          options={[...new Set<string>([...PROPERTY_TYPES, draft.property_type])].map((type) => ({ value: type, label: labels.propertyType(type) }))}
        />
        <Select
          label={t('host.properties.form.status')}
          value={draft.status}
          onChange={(e) => set('status', e.target.value as PropertyDraft['status'])}
          options={PROPERTY_STATUSES.filter((s) => s !== 'archived' || property?.status === 'archived').map((s) => ({ value: s, label: t('host.properties.status', { value: s }) }))}
          hint={t('host.properties.form.statusHint')}
        />
        <Input label={t('host.properties.form.address')} value={draft.address} onChange={(e) => set('address', e.target.value)} autoComplete="off" className="form-grid__wide" />
        <NumberInput label={t('host.properties.form.latitude')} value={draft.latitude} onValueChange={(v) => set('latitude', v)} error={err('latitude')} />
        <NumberInput label={t('host.properties.form.longitude')} value={draft.longitude} onValueChange={(v) => set('longitude', v)} error={err('longitude')} />
        <NumberInput label={t('host.properties.form.bedrooms')} min={0} step={1} value={draft.bedrooms} onValueChange={(v) => set('bedrooms', v)} error={err('bedrooms')} />
        <NumberInput label={t('host.properties.form.bathrooms')} min={0} step={0.5} value={draft.bathrooms} onValueChange={(v) => set('bathrooms', v)} error={err('bathrooms')} />
        <NumberInput label={t('host.properties.form.sleeps')} min={1} step={1} value={draft.max_guests} onValueChange={(v) => set('max_guests', v)} error={err('max_guests')} />
        <NumberInput
          label={t('host.properties.basePrice')}
          min={0}
          step={1 / 10 ** currencyDecimals(draft.currency)}
          value={draft.base_price}
          onValueChange={(v) => set('base_price', v)}
          error={err('base_price')}
          suffix={draft.currency}
        />
        <Select
          label={t('host.properties.form.currency')}
          value={draft.currency}
          onChange={(e) => set('currency', e.target.value)}
          error={err('currency')}
          hint={property ? t('host.properties.form.currencyHintEdit') : t('host.properties.form.currencyHintNew')}
          options={currencies.map((c) => ({ value: c, label: currencyLabel(c) }))}
        />
        <Select
          label={t('host.properties.timezone')}
          value={draft.timezone}
          onChange={(e) => set('timezone', e.target.value)}
          error={err('timezone')}
          hint={t('host.properties.form.timezoneHint')}
          options={zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))}
        />
      </div>
      <Textarea label={t('host.properties.form.description')} rows={4} value={draft.description} onChange={(e) => set('description', e.target.value)} />

      <CheckboxGroup label={t('host.properties.amenities')} options={amenityOptions} value={draft.amenities} onChange={(v) => set('amenities', v)} />
      <div className="inline-add">
        <Input label={t('host.properties.form.anotherAmenity')} value={customAmenity} onChange={(e) => setCustomAmenity(e.target.value)} autoComplete="off" />
        <Button
          variant="secondary"
          disabled={!customAmenity.trim()}
          onClick={() => {
            const a = customAmenity.trim();
            if (a && !draft.amenities.includes(a)) set('amenities', [...draft.amenities, a]);
            setCustomAmenity('');
          }}
        >
          {t('host.properties.form.addAmenity')}
        </Button>
      </div>

      <fieldset className="fieldset listings-editor">
        <legend className="field__label">{t('host.properties.form.listings')}</legend>
        {draft.listings.length === 0 ? <p className="field__hint">{t('host.properties.form.noListings')}</p> : null}
        {draft.listings.map((l, i) => (
          <div key={i} className="listings-editor__row">
            <Select
              label={t('host.properties.form.platform', { n: i + 1 })}
              value={l.platform}
              onChange={(e) => setListing(i, { platform: e.target.value })}
              options={[{ value: '', label: t('host.properties.form.choose') }, ...[...new Set<string>([...LISTING_PLATFORMS, l.platform].filter(Boolean))].map((p) => ({ value: p, label: sourceLabel(p) }))]}
            />
            <Input
              label={t('host.properties.form.reference', { n: i + 1 })}
              value={l.reference}
              onChange={(e) => setListing(i, { reference: e.target.value })}
              error={submitted ? errors.listingRows?.[i] : undefined}
              autoComplete="off"
            />
            <Button variant="ghost" onClick={() => set('listings', draft.listings.filter((_, j) => j !== i))} aria-label={t('host.properties.form.removeListing', { n: i + 1 })}>
              {t('host.properties.remove')}
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => set('listings', [...draft.listings, { platform: '', reference: '' }])}>
          {t('host.properties.form.addListing')}
        </Button>
      </fieldset>

      {property ? (
        <fieldset className="fieldset">
          <legend className="field__label">{t('host.properties.photos')}</legend>
          <ImageGallery property={property} />
        </fieldset>
      ) : (
        <p className="field__hint">{t('host.properties.form.photosLater')}</p>
      )}

      {submitted && hasErrors(errors) ? <FormMessage title={t('host.properties.form.checkTitle')}>{t('host.properties.form.checkText')}</FormMessage> : null}
      <div className="form-actions">
        <Button variant="secondary" onClick={onClose}>
          {t('host.common.close')}
        </Button>
        <Button type="submit" isLoading={saving} disabled={limited || restoring}>
          {property ? t('host.properties.form.save') : t('host.properties.form.add')}
        </Button>
      </div>
    </form>
  );
}
