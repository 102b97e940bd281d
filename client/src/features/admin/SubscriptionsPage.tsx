/**
 * Subscription tiers (super admins own them): each with its prices, limits, features, its hosts
 * and its monthly revenue. Super admins create, edit, reorder, deactivate and re-offer tiers (a
 * deactivated tier keeps its hosts but is no longer offered: hosts read active tiers only);
 * admins read the same page without the controls. Writes go through the outbox like every row,
 * checked first with the server's rules (tier-form.ts).
 */
import { useState, type FormEvent } from 'react';
import { TABLE, type HostProfile, type SubscriptionTier } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useWrite } from '../../data/use-write';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge, humanize } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Checkbox, FormMessage, NumberInput } from '../../components/ui/Field';
import { Input, Select } from '../../components/ui/Input';
import { EmptyState } from '../../components/ui/States';
import { useToast } from '../../components/ui/Toast';
import { DataView } from '../../components/data-view';
import { HostsTable } from './HostsTable';
import { SUPPORT_LEVELS, draftOf, emptyDraft, moveTier, tierFields, tierStats, validateTier, type TierDraft, type TierErrors } from './tier-form';
import './platform.css';

/** The features as an editable list: edit a line, add one, remove or move one. */
function FeaturesEditor({ features, onChange, error }: { features: string[]; onChange: (features: string[]) => void; error?: string }) {
  const set = (i: number, value: string) => onChange(features.map((f, j) => (j === i ? value : f)));
  const move = (i: number, step: -1 | 1) => {
    const next = [...features];
    const [item] = next.splice(i, 1);
    if (item === undefined) return;
    next.splice(i + step, 0, item);
    onChange(next);
  };
  return (
    <fieldset className="features-editor">
      <legend className="field__label">Features</legend>
      {features.length === 0 ? <p className="muted">No features listed yet.</p> : null}
      {features.map((feature, i) => (
        <div className="features-editor__item" key={i}>
          <Input label={`Feature ${i + 1}`} value={feature} maxLength={200} onChange={(e) => set(i, e.target.value)} />
          <Button size="sm" variant="ghost" aria-label={`Move feature ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
            ↑
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Move feature ${i + 1} down`} disabled={i === features.length - 1} onClick={() => move(i, 1)}>
            ↓
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Remove feature ${i + 1}`} onClick={() => onChange(features.filter((_, j) => j !== i))}>
            ✕
          </Button>
        </div>
      ))}
      {error ? <p className="field__error">{error}</p> : null}
      <div>
        <Button size="sm" variant="secondary" onClick={() => onChange([...features, ''])}>
          Add feature
        </Button>
      </div>
    </fieldset>
  );
}

/** Create or edit one tier in a dialog; every field of the tier (spec §3). */
function TierDialog({ tier, tiers, open, onClose }: { tier: SubscriptionTier | null; tiers: SubscriptionTier[]; open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const { write, pending, failure } = useWrite({ what: 'The tier', toast: false });
  const [draft, setDraft] = useState<TierDraft>(() => (tier ? draftOf(tier) : emptyDraft()));
  const [errors, setErrors] = useState<TierErrors>({});
  const set = <K extends keyof TierDraft>(key: K, value: TierDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateTier(draft, tiers, tier?.id);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Take the keyboard (and the eye) to the first field to fix.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('#tier-form [aria-invalid="true"]')?.focus());
      return;
    }
    const fields = tierFields(draft);
    const nextOrder = tiers.reduce((max, t) => Math.max(max, t.sort_order), 0) + 1;
    const saved = await write(tier ? { table: TABLE.subscription_tiers, op: 'update', rowId: tier.id, fields } : { table: TABLE.subscription_tiers, op: 'create', fields: { ...fields, sort_order: nextOrder } });
    if (!saved.ok) return;
    toast({ title: tier ? 'Tier saved' : 'Tier created', description: `${humanize(String(fields.tier_name))} is ${draft.is_active ? 'offered to hosts' : 'not offered to new hosts'}.`, variant: 'success' });
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={tier ? `Edit ${humanize(tier.tier_name)}` : 'New tier'}
      description="Prices in USD. Hosts on a tier keep it when it is changed or no longer offered."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="tier-form" isLoading={pending}>
            {tier ? 'Save tier' : 'Create tier'}
          </Button>
        </>
      }
    >
      <form id="tier-form" className="form" noValidate onSubmit={(e) => void save(e)}>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        {Object.keys(errors).length > 0 ? <FormMessage>Check the highlighted fields.</FormMessage> : null}
        <div className="form-grid">
          <Input label="Name" required value={draft.tier_name} error={errors.tier_name} maxLength={100} onChange={(e) => set('tier_name', e.target.value)} hint="The key hosts' profiles store, e.g. basic." />
          <Select label="Support level" value={draft.support_level} error={errors.support_level} onChange={(e) => set('support_level', e.target.value)} options={[...new Set([...SUPPORT_LEVELS, draft.support_level])].filter(Boolean).map((l) => ({ value: l, label: humanize(l) }))} />
          <NumberInput label="Monthly price" required min={0} step="0.01" suffix="USD" value={draft.monthly_price} error={errors.monthly_price} onValueChange={(v) => set('monthly_price', v)} />
          <NumberInput label="Yearly price" required min={0} step="0.01" suffix="USD" value={draft.yearly_price} error={errors.yearly_price} onValueChange={(v) => set('yearly_price', v)} />
          <NumberInput label="Properties limit" required min={1} step="1" value={draft.properties_limit} error={errors.properties_limit} onValueChange={(v) => set('properties_limit', v)} />
          <NumberInput label="OTA integrations" required min={0} step="1" value={draft.ota_integrations} error={errors.ota_integrations} onValueChange={(v) => set('ota_integrations', v)} hint="Booking sites a host may connect." />
          <NumberInput label="Commission" required min={0} max={100} step="0.1" suffix="%" value={draft.commission_rate} error={errors.commission_rate} onValueChange={(v) => set('commission_rate', v)} />
        </div>
        <FeaturesEditor features={draft.features} error={errors.features} onChange={(features) => set('features', features)} />
        <Checkbox label="Offered to hosts" hint="A tier that is not offered keeps its hosts." checked={draft.is_active} onCheckedChange={(on) => set('is_active', on)} />
      </form>
    </Dialog>
  );
}

function TierCard({
  tier,
  hosts,
  index,
  count,
  canEdit,
  onEdit,
  onMove,
  onToggle,
  onShowHosts,
  busy,
}: {
  tier: SubscriptionTier;
  hosts: HostProfile[] | undefined;
  index: number;
  count: number;
  canEdit: boolean;
  onEdit: () => void;
  onMove: (step: -1 | 1) => void;
  onToggle: () => void;
  onShowHosts: () => void;
  busy: boolean;
}) {
  const format = useFormat();
  const stats = hosts ? tierStats(tier, hosts) : undefined;
  const name = humanize(tier.tier_name);
  return (
    <Card className="tier-card" aria-label={`${name} tier`}>
      <div className="tier-card__head">
        <h3 className="tier-card__title">
          {name} {tier.is_active ? <Badge tone="success">Offered</Badge> : <Badge>Not offered</Badge>}
        </h3>
        {canEdit ? (
          <div className="tier-card__actions">
            <Button size="sm" variant="ghost" aria-label={`Move ${name} up`} disabled={index === 0 || busy} onClick={() => onMove(-1)}>
              ↑ Up
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Move ${name} down`} disabled={index === count - 1 || busy} onClick={() => onMove(1)}>
              ↓ Down
            </Button>
            <Button size="sm" variant="secondary" onClick={onEdit}>
              Edit
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={onToggle}>
              {tier.is_active ? 'Deactivate' : 'Offer again'}
            </Button>
          </div>
        ) : null}
      </div>
      <dl className="tier-card__facts">
        <div>
          <dt>Monthly</dt>
          <dd>{format.money(tier.monthly_price)}</dd>
        </div>
        <div>
          <dt>Yearly</dt>
          <dd>{format.money(tier.yearly_price)}</dd>
        </div>
        <div>
          <dt>Properties</dt>
          <dd>{tier.properties_limit}</dd>
        </div>
        <div>
          <dt>Commission</dt>
          <dd>{tier.commission_rate}%</dd>
        </div>
        <div>
          <dt>OTA integrations</dt>
          <dd>{tier.ota_integrations}</dd>
        </div>
        <div>
          <dt>Support</dt>
          <dd>{humanize(tier.support_level)}</dd>
        </div>
        <div>
          <dt>Hosts</dt>
          <dd>
            {stats ? (
              <button type="button" className="link-button" onClick={onShowHosts} aria-label={`${stats.hosts} host${stats.hosts === 1 ? '' : 's'} on ${name}: show them`}>
                {stats.hosts}
              </button>
            ) : (
              '…'
            )}
          </dd>
        </div>
        <div>
          <dt>Monthly revenue</dt>
          <dd title={stats ? `${stats.paying} active subscription${stats.paying === 1 ? '' : 's'} × ${format.money(tier.monthly_price)}` : undefined}>{stats ? format.money(stats.monthlyRevenue) : '…'}</dd>
        </div>
      </dl>
      {tier.features.length ? (
        <ul className="tier-card__features" aria-label={`${name} features`}>
          {tier.features.map((f, i) => (
            <li key={i}>{f}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">No features listed.</p>
      )}
    </Card>
  );
}

/** The subscription tiers and, for super admins, their editor. */
export function AdminSubscriptionsPage() {
  const user = useCurrentUser();
  const canEdit = user.Role === 'super_admin';
  const { toast } = useToast();
  const { write, pending } = useWrite({ what: 'The tier' });
  const tiers = useRows(TABLE.subscription_tiers, { PageSize: 100, OrderByField: 'sort_order', IsAsc: true });
  const hosts = useRows(TABLE.host_profiles, { PageSize: 1000 });
  const [editing, setEditing] = useState<{ tier: SubscriptionTier | null } | null>(null);
  const [showingHosts, setShowingHosts] = useState<SubscriptionTier | null>(null);
  const hostRows = hosts.status === 'success' ? hosts.rows : undefined;

  const move = async (all: SubscriptionTier[], id: string, step: -1 | 1) => {
    const writes = moveTier(all, id, step);
    if (writes.length) await write(writes.map((w) => ({ table: TABLE.subscription_tiers, op: 'update' as const, rowId: w.id, fields: { sort_order: w.sort_order } })));
  };
  const toggle = async (tier: SubscriptionTier) => {
    const saved = await write({ table: TABLE.subscription_tiers, op: 'update', rowId: tier.id, fields: { is_active: !tier.is_active } });
    if (saved.ok) {
      toast({
        title: tier.is_active ? 'Tier deactivated' : 'Tier offered again',
        description: tier.is_active ? `${humanize(tier.tier_name)} is no longer offered; its hosts keep it.` : `${humanize(tier.tier_name)} is offered to hosts again.`,
        variant: 'success',
      });
    }
  };

  return (
    <Page
      title="Subscriptions"
      description="The plans hosts subscribe to, with their prices, limits, commission, hosts and monthly revenue."
      actions={
        canEdit ? (
          <Button onClick={() => setEditing({ tier: null })} disabled={tiers.status !== 'success'}>
            New tier
          </Button>
        ) : undefined
      }
    >
      {canEdit ? null : <FormMessage tone="info">Only a super admin can change the subscription tiers; you can read them here.</FormMessage>}
      {hosts.status === 'error' ? <FormMessage>The hosts could not be loaded, so host counts and revenue are not shown.</FormMessage> : null}
      <Card className="card--flush">
        <CardHeader title="Plans" description="Monthly revenue: hosts with an active subscription on the tier × its monthly price." />
        <DataView result={tiers} empty={{ title: 'No plans defined yet', action: canEdit ? <Button onClick={() => setEditing({ tier: null })}>New tier</Button> : undefined }}>
          {(rows) => (
            <div className="tier-list">
              {rows.map((t, i) => (
                <TierCard
                  key={t.id}
                  tier={t}
                  hosts={hostRows}
                  index={i}
                  count={rows.length}
                  canEdit={canEdit}
                  busy={pending}
                  onEdit={() => setEditing({ tier: t })}
                  onMove={(step) => void move(rows, t.id, step)}
                  onToggle={() => void toggle(t)}
                  onShowHosts={() => setShowingHosts(t)}
                />
              ))}
            </div>
          )}
        </DataView>
      </Card>
      {editing && tiers.status === 'success' ? <TierDialog key={editing.tier?.id ?? 'new'} tier={editing.tier} tiers={tiers.rows} open onClose={() => setEditing(null)} /> : null}
      {showingHosts ? (
        <Dialog open onClose={() => setShowingHosts(null)} size="lg" title={`Hosts on ${humanize(showingHosts.tier_name)}`}>
          {(() => {
            const on = (hostRows ?? []).filter((h) => h.subscription_tier.trim().toLowerCase() === showingHosts.tier_name.trim().toLowerCase());
            return on.length ? <HostsTable hosts={on} caption={`Hosts on ${humanize(showingHosts.tier_name)}`} /> : <EmptyState title="No hosts on this tier" />;
          })()}
        </Dialog>
      ) : null}
    </Page>
  );
}
