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
import { humanize } from '../../components/ui/Badge';
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
import { useProperties } from '../../data/common-rows';
import { currencyDecimals } from '../../../../shared/money';
import { currencyLabel } from '../../../../shared/format/money';
import { sourceLabel } from '../../lib/source-label';
import './properties.css';

function supportedZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
}

export function UpgradeNotice({ limit }: { limit: TierLimit }) {
  return (
    <FormMessage tone="warning" title="Your plan's property limit is reached">
      <p>{limitMessage(limit)}.</p>
      <p>
        <Link to="/host/subscription" className="text-link">
          See larger plans
        </Link>
      </p>
    </FormMessage>
  );
}

export function PropertyForm({ open, property, onClose }: { open: boolean; property: Property | null; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={property ? `Edit ${property.property_name}` : 'New property'} size="lg">
      {open ? <PropertyFormBody key={property?.id ?? 'new'} property={property} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PropertyFormBody({ property, onClose }: { property: Property | null; onClose: () => void }) {
  const format = useFormat();
  const { toast } = useToast();
  const { write, pending: saving, failure } = useWrite({ what: 'This property', toast: false });
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

  const amenityOptions = [...new Set([...COMMON_AMENITIES, ...draft.amenities])].map((a) => ({ value: a, label: a }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(errors) || limited || restoring) return;
    const fields = propertyFields(draft);
    // A new row is complete on this device too (the server adds the export URL on sync).
    const saved = await write(property ? updateProperty(property.id, fields) : createProperty({ ...fields, images: [] }));
    if (!saved.ok) return;
    toast({ title: property ? 'Property saved' : 'Property added', description: navigator.onLine ? 'Saved. It syncs now.' : 'Saved on this device. It syncs when you are back online.' });
    onClose();
  };

  const setListing = (i: number, patch: Partial<{ platform: string; reference: string }>) =>
    set(
      'listings',
      draft.listings.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );

  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)} aria-label={property ? 'Edit property' : 'New property'}>
      {limited || restoring ? limit && <UpgradeNotice limit={limit} /> : null}
      {failure ? <FormMessage title="Not saved">{failure}</FormMessage> : null}
      <div className="form-grid">
        <Input label="Property name" required value={draft.property_name} onChange={(e) => set('property_name', e.target.value)} error={err('property_name')} autoComplete="off" />
        <Select label="Type" value={draft.property_type} onChange={(e) => set('property_type', e.target.value)} options={[...new Set<string>([...PROPERTY_TYPES, draft.property_type])].map((t) => ({ value: t, label: humanize(t) }))} />
        <Select
          label="Status"
          value={draft.status}
          onChange={(e) => set('status', e.target.value as PropertyDraft['status'])}
          options={PROPERTY_STATUSES.filter((s) => s !== 'archived' || property?.status === 'archived').map((s) => ({ value: s, label: humanize(s) }))}
          hint="Inactive properties take no new bookings; archive from the property page."
        />
        <Input label="Address" value={draft.address} onChange={(e) => set('address', e.target.value)} autoComplete="off" className="form-grid__wide" />
        <NumberInput label="Latitude" value={draft.latitude} onValueChange={(v) => set('latitude', v)} error={err('latitude')} />
        <NumberInput label="Longitude" value={draft.longitude} onValueChange={(v) => set('longitude', v)} error={err('longitude')} />
        <NumberInput label="Bedrooms" min={0} step={1} value={draft.bedrooms} onValueChange={(v) => set('bedrooms', v)} error={err('bedrooms')} />
        <NumberInput label="Bathrooms" min={0} step={0.5} value={draft.bathrooms} onValueChange={(v) => set('bathrooms', v)} error={err('bathrooms')} />
        <NumberInput label="Sleeps (max guests)" min={1} step={1} value={draft.max_guests} onValueChange={(v) => set('max_guests', v)} error={err('max_guests')} />
        <NumberInput
          label="Nightly base price"
          min={0}
          step={1 / 10 ** currencyDecimals(draft.currency)}
          value={draft.base_price}
          onValueChange={(v) => set('base_price', v)}
          error={err('base_price')}
          suffix={draft.currency}
        />
        <Select
          label="Currency"
          value={draft.currency}
          onChange={(e) => set('currency', e.target.value)}
          error={err('currency')}
          hint={property ? 'New bookings take it; existing bookings keep theirs.' : 'Prices and new bookings of this property are in it.'}
          options={currencies.map((c) => ({ value: c, label: currencyLabel(c) }))}
        />
        <Select
          label="Timezone"
          value={draft.timezone}
          onChange={(e) => set('timezone', e.target.value)}
          error={err('timezone')}
          hint="Imported calendar times become stay dates in this zone."
          options={zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))}
        />
      </div>
      <Textarea label="Description" rows={4} value={draft.description} onChange={(e) => set('description', e.target.value)} />

      <CheckboxGroup label="Amenities" options={amenityOptions} value={draft.amenities} onChange={(v) => set('amenities', v)} />
      <div className="inline-add">
        <Input label="Another amenity" value={customAmenity} onChange={(e) => setCustomAmenity(e.target.value)} autoComplete="off" />
        <Button
          variant="secondary"
          disabled={!customAmenity.trim()}
          onClick={() => {
            const a = customAmenity.trim();
            if (a && !draft.amenities.includes(a)) set('amenities', [...draft.amenities, a]);
            setCustomAmenity('');
          }}
        >
          Add amenity
        </Button>
      </div>

      <fieldset className="fieldset listings-editor">
        <legend className="field__label">Listings on booking sites</legend>
        {draft.listings.length === 0 ? <p className="field__hint">Not listed anywhere yet.</p> : null}
        {draft.listings.map((l, i) => (
          <div key={i} className="listings-editor__row">
            <Select
              label={`Platform ${i + 1}`}
              value={l.platform}
              onChange={(e) => setListing(i, { platform: e.target.value })}
              options={[{ value: '', label: 'Choose' }, ...[...new Set<string>([...LISTING_PLATFORMS, l.platform].filter(Boolean))].map((p) => ({ value: p, label: sourceLabel(p) }))]}
            />
            <Input
              label={`Listing reference ${i + 1}`}
              value={l.reference}
              onChange={(e) => setListing(i, { reference: e.target.value })}
              error={submitted ? errors.listingRows?.[i] : undefined}
              autoComplete="off"
            />
            <Button variant="ghost" onClick={() => set('listings', draft.listings.filter((_, j) => j !== i))} aria-label={`Remove listing ${i + 1}`}>
              Remove
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => set('listings', [...draft.listings, { platform: '', reference: '' }])}>
          Add a listing
        </Button>
      </fieldset>

      {property ? (
        <fieldset className="fieldset">
          <legend className="field__label">Photos</legend>
          <ImageGallery property={property} />
        </fieldset>
      ) : (
        <p className="field__hint">Add photos once the property is saved (uploading needs a connection).</p>
      )}

      {submitted && hasErrors(errors) ? <FormMessage title="Check the highlighted fields">Some fields need a change before saving.</FormMessage> : null}
      <div className="form-actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" isLoading={saving} disabled={limited || restoring}>
          {property ? 'Save property' : 'Add property'}
        </Button>
      </div>
    </form>
  );
}
