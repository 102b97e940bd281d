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
import { useT } from '../../i18n/use-t';
import './platform.css';

/** The remove button's mark: a symbol, its words are in its aria-label. */
const REMOVE_MARK = '✕';

/** The features as an editable list: edit a line, add one, remove or move one. */
function FeaturesEditor({ features, onChange, error }: { features: string[]; onChange: (features: string[]) => void; error?: string }) {
  const t = useT();
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
      <legend className="field__label">{t('admin.tierForm.field.features')}</legend>
      {features.length === 0 ? <p className="muted">{t('admin.subscriptions.noFeaturesYet')}</p> : null}
      {features.map((feature, i) => (
        <div className="features-editor__item" key={i}>
          <Input label={t('admin.subscriptions.feature', { n: i + 1 })} value={feature} maxLength={200} onChange={(e) => set(i, e.target.value)} />
          <Button size="sm" variant="ghost" aria-label={t('admin.subscriptions.featureUp', { n: i + 1 })} disabled={i === 0} onClick={() => move(i, -1)}>
            ↑
          </Button>
          <Button size="sm" variant="ghost" aria-label={t('admin.subscriptions.featureDown', { n: i + 1 })} disabled={i === features.length - 1} onClick={() => move(i, 1)}>
            ↓
          </Button>
          <Button size="sm" variant="ghost" aria-label={t('admin.subscriptions.featureRemove', { n: i + 1 })} onClick={() => onChange(features.filter((_, j) => j !== i))}>
            {REMOVE_MARK}
          </Button>
        </div>
      ))}
      {error ? <p className="field__error">{error}</p> : null}
      <div>
        <Button size="sm" variant="secondary" onClick={() => onChange([...features, ''])}>
          {t('admin.subscriptions.addFeature')}
        </Button>
      </div>
    </fieldset>
  );
}

/** Create or edit one tier in a dialog; every field of the tier (spec §3). */
function TierDialog({ tier, tiers, open, onClose }: { tier: SubscriptionTier | null; tiers: SubscriptionTier[]; open: boolean; onClose: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const { write, pending, failure } = useWrite({ what: t('admin.subscriptions.what'), toast: false });
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
    toast({
      title: tier ? t('admin.subscriptions.saved') : t('admin.subscriptions.created'),
      description: t('admin.subscriptions.savedText', { name: humanize(String(fields.tier_name)), offered: draft.is_active ? 'yes' : 'no' }),
      variant: 'success',
    });
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={tier ? t('admin.subscriptions.editTitle', { name: humanize(tier.tier_name) }) : t('admin.subscriptions.newTier')}
      description={t('admin.subscriptions.dialogDescription')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" form="tier-form" isLoading={pending}>
            {tier ? t('admin.subscriptions.saveTier') : t('admin.subscriptions.createTier')}
          </Button>
        </>
      }
    >
      <form id="tier-form" className="form" noValidate onSubmit={(e) => void save(e)}>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        {Object.keys(errors).length > 0 ? <FormMessage>{t('admin.subscriptions.checkFields')}</FormMessage> : null}
        <div className="form-grid">
          <Input label={t('admin.tierForm.field.name')} required value={draft.tier_name} error={errors.tier_name} maxLength={100} onChange={(e) => set('tier_name', e.target.value)} hint={t('admin.subscriptions.nameHint')} />
          <Select label={t('admin.tierForm.field.supportLevel')} value={draft.support_level} error={errors.support_level} onChange={(e) => set('support_level', e.target.value)} options={[...new Set([...SUPPORT_LEVELS, draft.support_level])].filter(Boolean).map((l) => ({ value: l, label: t('admin.enum.supportLevel', { value: l }) }))} />
          <NumberInput label={t('admin.tierForm.field.monthlyPrice')} required min={0} step="0.01" suffix="USD" value={draft.monthly_price} error={errors.monthly_price} onValueChange={(v) => set('monthly_price', v)} />
          <NumberInput label={t('admin.tierForm.field.yearlyPrice')} required min={0} step="0.01" suffix="USD" value={draft.yearly_price} error={errors.yearly_price} onValueChange={(v) => set('yearly_price', v)} />
          <NumberInput label={t('admin.tierForm.field.propertiesLimit')} required min={1} step="1" value={draft.properties_limit} error={errors.properties_limit} onValueChange={(v) => set('properties_limit', v)} />
          <NumberInput label={t('admin.tierForm.field.otaIntegrations')} required min={0} step="1" value={draft.ota_integrations} error={errors.ota_integrations} onValueChange={(v) => set('ota_integrations', v)} hint={t('admin.subscriptions.otaHint')} />
          <NumberInput label={t('admin.tierForm.field.commission')} required min={0} max={100} step="0.1" suffix="%" value={draft.commission_rate} error={errors.commission_rate} onValueChange={(v) => set('commission_rate', v)} />
        </div>
        <FeaturesEditor features={draft.features} error={errors.features} onChange={(features) => set('features', features)} />
        <Checkbox label={t('admin.subscriptions.offeredToHosts')} hint={t('admin.subscriptions.offeredHint')} checked={draft.is_active} onCheckedChange={(on) => set('is_active', on)} />
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
  const t = useT();
  const stats = hosts ? tierStats(tier, hosts) : undefined;
  const name = humanize(tier.tier_name);
  return (
    <Card className="tier-card" aria-label={t('admin.subscriptions.tierLabel', { name })}>
      <div className="tier-card__head">
        <h3 className="tier-card__title">
          {name} {tier.is_active ? <Badge tone="success">{t('admin.tierForm.field.offered')}</Badge> : <Badge>{t('admin.subscriptions.notOffered')}</Badge>}
        </h3>
        {canEdit ? (
          <div className="tier-card__actions">
            <Button size="sm" variant="ghost" aria-label={t('admin.subscriptions.moveUp', { name })} disabled={index === 0 || busy} onClick={() => onMove(-1)}>
              ↑ {t('admin.subscriptions.up')}
            </Button>
            <Button size="sm" variant="ghost" aria-label={t('admin.subscriptions.moveDown', { name })} disabled={index === count - 1 || busy} onClick={() => onMove(1)}>
              ↓ {t('admin.subscriptions.down')}
            </Button>
            <Button size="sm" variant="secondary" onClick={onEdit}>
              {t('admin.subscriptions.edit')}
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={onToggle}>
              {tier.is_active ? t('admin.common.deactivate') : t('admin.subscriptions.offerAgain')}
            </Button>
          </div>
        ) : null}
      </div>
      <dl className="tier-card__facts">
        <div>
          <dt>{t('admin.subscriptions.monthly')}</dt>
          <dd>{format.money(tier.monthly_price)}</dd>
        </div>
        <div>
          <dt>{t('admin.subscriptions.yearly')}</dt>
          <dd>{format.money(tier.yearly_price)}</dd>
        </div>
        <div>
          <dt>{t('admin.column.properties')}</dt>
          <dd>{tier.properties_limit}</dd>
        </div>
        <div>
          <dt>{t('admin.column.commission')}</dt>
          <dd>{tier.commission_rate}%</dd>
        </div>
        <div>
          <dt>{t('admin.tierForm.field.otaIntegrations')}</dt>
          <dd>{tier.ota_integrations}</dd>
        </div>
        <div>
          <dt>{t('admin.subscriptions.support')}</dt>
          <dd>{t('admin.enum.supportLevel', { value: tier.support_level })}</dd>
        </div>
        <div>
          <dt>{t('admin.hosts.title')}</dt>
          <dd>
            {stats ? (
              <button type="button" className="link-button" onClick={onShowHosts} aria-label={t('admin.subscriptions.showHosts', { count: stats.hosts, name })}>
                {stats.hosts}
              </button>
            ) : (
              '…'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('admin.subscriptions.monthlyRevenue')}</dt>
          <dd title={stats ? t('admin.subscriptions.revenueTitle', { count: stats.paying, price: format.money(tier.monthly_price) }) : undefined}>{stats ? format.money(stats.monthlyRevenue) : '…'}</dd>
        </div>
      </dl>
      {tier.features.length ? (
        <ul className="tier-card__features" aria-label={t('admin.subscriptions.featuresLabel', { name })}>
          {tier.features.map((f, i) => (
            <li key={i}>{f}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('admin.subscriptions.noFeatures')}</p>
      )}
    </Card>
  );
}

/** The subscription tiers and, for super admins, their editor. */
export function AdminSubscriptionsPage() {
  const user = useCurrentUser();
  const t = useT();
  const canEdit = user.Role === 'super_admin';
  const { toast } = useToast();
  const { write, pending } = useWrite({ what: t('admin.subscriptions.what') });
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
        title: tier.is_active ? t('admin.subscriptions.deactivated') : t('admin.subscriptions.offeredAgain'),
        description: tier.is_active ? t('admin.subscriptions.deactivatedText', { name: humanize(tier.tier_name) }) : t('admin.subscriptions.offeredAgainText', { name: humanize(tier.tier_name) }),
        variant: 'success',
      });
    }
  };

  return (
    <Page
      title={t('admin.subscriptions.title')}
      description={t('admin.subscriptions.description')}
      actions={
        canEdit ? (
          <Button onClick={() => setEditing({ tier: null })} disabled={tiers.status !== 'success'}>
            {t('admin.subscriptions.newTier')}
          </Button>
        ) : undefined
      }
    >
      {canEdit ? null : <FormMessage tone="info">{t('admin.subscriptions.readOnly')}</FormMessage>}
      {hosts.status === 'error' ? <FormMessage>{t('admin.subscriptions.hostsFailed')}</FormMessage> : null}
      <Card className="card--flush">
        <CardHeader title={t('admin.common.plans')} description={t('admin.subscriptions.plansDescription')} />
        <DataView result={tiers} empty={{ title: t('admin.subscriptions.noPlans'), action: canEdit ? <Button onClick={() => setEditing({ tier: null })}>{t('admin.subscriptions.newTier')}</Button> : undefined }}>
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
        <Dialog open onClose={() => setShowingHosts(null)} size="lg" title={t('admin.subscriptions.hostsOn', { name: humanize(showingHosts.tier_name) })}>
          {(() => {
            const on = (hostRows ?? []).filter((h) => h.subscription_tier.trim().toLowerCase() === showingHosts.tier_name.trim().toLowerCase());
            return on.length ? <HostsTable hosts={on} caption={t('admin.subscriptions.hostsOn', { name: humanize(showingHosts.tier_name) })} /> : <EmptyState title={t('admin.subscriptions.noHosts')} />;
          })()}
        </Dialog>
      ) : null}
    </Page>
  );
}
