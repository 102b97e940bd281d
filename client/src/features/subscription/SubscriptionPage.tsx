/**
 * Subscription: the host's plan, its usage against the plan's limits (properties, OTA
 * integrations: usage.ts), its PayPal billing (BillingCard.tsx), every plan side by side with
 * monthly and yearly prices, features and Subscribe buttons (to PayPal's approval page), and,
 * while PayPal is not set up, how to ask the admin for a change.
 */
import { useState, type ReactNode } from 'react';
import { TABLE, type SubscriptionTier } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { FormMessage } from '../../components/layout/AuthLayout';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge, StatusBadge, humanize } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { DataView } from '../../components/data-view';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { useToast } from '../../components/ui/Toast';
import { errorText } from '../../api/http';
import { useProperties } from '../../data/common-rows';
import { BillingCard } from './BillingCard';
import { isRunning, useMySubscription, useSubscriptionCommands, type BillingCycle } from './paypal-api';
import { currentTier, extraFeatures, otaPlatforms, otaUsage, propertyUsage, upgradesFrom, yearlySavingPercent, type Usage } from './usage';
import './subscription.css';

function TierCard({ tier, current, children }: { tier: SubscriptionTier; current: boolean; children?: ReactNode }) {
  const format = useFormat();
  const saving = yearlySavingPercent(tier);
  return (
    <li className={current ? 'tier tier--current' : 'tier'}>
      <div className="tier__head">
        <h3 className="tier__name">{humanize(tier.tier_name)}</h3>
        {current ? <Badge tone="accent">Your plan</Badge> : null}
      </div>
      <p className="tier__price">
        {format.money(tier.monthly_price)} <span className="muted">/ month</span>
      </p>
      <p className="muted">
        or {format.money(tier.yearly_price)} a year{saving > 0 ? ` (save ${saving}%)` : ''}
      </p>
      <ul className="tier__facts">
        <li>
          Up to {tier.properties_limit} {tier.properties_limit === 1 ? 'property' : 'properties'}
        </li>
        <li>
          {tier.ota_integrations} booking-site {tier.ota_integrations === 1 ? 'connection' : 'connections'}
        </li>
        <li>{tier.commission_rate}% commission</li>
        <li>{humanize(tier.support_level)} support</li>
        {extraFeatures(tier.features).map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {children}
    </li>
  );
}

function UsageMeter({ label, usage, unit, detail }: { label: string; usage: Usage; unit: string; detail?: string }) {
  return (
    <div className={usage.over ? 'usage usage--over' : usage.atLimit ? 'usage usage--full' : 'usage'}>
      <div className="usage__head">
        <span className="cell-strong">{label}</span>
        <span>
          {usage.used} of {usage.limit} {unit}
        </span>
      </div>
      <meter className="usage__bar" min={0} max={Math.max(usage.limit, usage.used, 1)} value={usage.used} high={Math.max(usage.limit - 0.5, 0)} optimum={0} aria-label={`${label}: ${usage.used} of ${usage.limit} ${unit}`} />
      {detail ? <p className="usage__detail muted">{detail}</p> : null}
      {usage.over ? <p className="usage__detail">Over this plan&apos;s limit: nothing is removed, but adding more needs a larger plan.</p> : usage.atLimit ? <p className="usage__detail">At this plan&apos;s limit.</p> : null}
    </div>
  );
}

function SubscribeButtons({ tier, cycles, busy, onSubscribe }: { tier: SubscriptionTier; cycles: BillingCycle[]; busy: string | null; onSubscribe: (cycle: BillingCycle) => void }) {
  if (cycles.length === 0) return null;
  return (
    <div className="tier__actions">
      {cycles.map((cycle) => (
        <Button key={cycle} variant={cycle === 'monthly' ? 'primary' : 'secondary'} disabled={busy !== null} onClick={() => onSubscribe(cycle)} aria-label={`Subscribe to ${humanize(tier.tier_name)} ${cycle}`}>
          {busy === `${tier.id}:${cycle}` ? 'Opening PayPal…' : cycle === 'monthly' ? 'Subscribe monthly' : 'Subscribe yearly'}
        </Button>
      ))}
    </div>
  );
}

function UpgradeHelp({ current, next, company }: { current: SubscriptionTier | undefined; next: SubscriptionTier[]; company: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const wanted = next[0];
  const request = `Hello, please move ${company || 'my host account'} from the ${humanize(current?.tier_name ?? 'current')} plan to the ${humanize(wanted?.tier_name ?? 'next')} plan. Thank you.`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(request);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <Card>
      <CardHeader title="Changing your plan" />
      <p>
        Online payment is not set up on this Staykeep yet, so your Staykeep administrator changes plans. Send them a short request (e-mail or your usual channel) naming the plan you
        want. The new plan&apos;s limits and commission rate apply as soon as they move you.
      </p>
      {wanted ? (
        <>
          <blockquote className="upgrade-request">{request}</blockquote>
          <div className="upgrade-actions">
            <Button variant="secondary" onClick={() => void copy()}>
              Copy the request
            </Button>
            <span role="status" className="muted">
              {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Copying is not allowed here: select the text above instead.' : ''}
            </span>
          </div>
        </>
      ) : (
        <p className="muted">You are on the largest plan.</p>
      )}
    </Card>
  );
}

export function HostSubscriptionPage({ checkout, returned }: { checkout?: 'cancelled'; returned?: boolean }) {
  const { toast } = useToast();
  const online = useOnlineOnly('paying through PayPal');
  const billing = useMySubscription(online.available);
  const { subscribe } = useSubscriptionCommands();
  const [busy, setBusy] = useState<string | null>(null);
  const [subscribeError, setSubscribeError] = useState<string | null>(null);
  const billingData = billing.status === 'success' ? billing.data : undefined;
  const running = isRunning(billingData?.subscription?.subscription_status);
  const cyclesOf = (tierId: string): BillingCycle[] =>
    running || !billingData ? [] : (['monthly', 'yearly'] as const).filter((c) => billingData.offered.some((o) => o.tier_id === tierId && o.billing_cycle === c));
  const startSubscription = async (tierId: string, cycle: BillingCycle) => {
    setBusy(`${tierId}:${cycle}`);
    setSubscribeError(null);
    try {
      const { approveUrl } = await subscribe(tierId, cycle);
      // PayPal's approval page; PayPal sends the host back to this page afterwards.
      window.location.assign(approveUrl);
    } catch (e) {
      const text = errorText(e, 'The subscription could not be started. Please try again.');
      setSubscribeError(text);
      toast({ title: 'Could not start the subscription', description: text, variant: 'destructive' });
      setBusy(null);
    }
  };
  const profile = useRows(TABLE.host_profiles, { PageSize: 1 });
  // Hosts read only the tiers offered (the server's scope); the filter also holds in the offline demo.
  const tiers = useRows(TABLE.subscription_tiers, { PageSize: 100, OrderByField: 'sort_order', IsAsc: true, Filters: [{ name: 'is_active', op: 'Equal', value: true }] });
  const properties = useProperties();
  const feeds = useRows(TABLE.calendar_feeds, { PageSize: 1000 });
  const me = profile.status === 'success' ? profile.rows[0] : undefined;
  const tier = me && tiers.rows ? currentTier(tiers.rows, me.subscription_tier) : undefined;
  const failed = [profile, tiers, properties, feeds].find((r) => r.status === 'error');
  const loading = [profile, tiers, properties, feeds].some((r) => r.status === 'loading');

  let planBody;
  if (failed?.status === 'error') planBody = <ErrorState error={failed.error} onRetry={failed.retry} />;
  else if (loading) planBody = <SkeletonRows rows={3} columns={3} />;
  else if (!me) planBody = <p className="muted">No host profile is linked to this account yet.</p>;
  else {
    const platforms = otaPlatforms(feeds.rows ?? []);
    planBody = (
      <>
        <dl className="details details--row">
          <div>
            <dt>Plan</dt>
            <dd>{humanize(me.subscription_tier)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={me.subscription_status} />
            </dd>
          </div>
          <div>
            <dt>Commission rate</dt>
            <dd>{me.commission_rate}%</dd>
          </div>
        </dl>
        {tier ? (
          <div className="usage-grid">
            <UsageMeter label="Properties" unit="properties" usage={propertyUsage(properties.rows ?? [], tier.properties_limit)} detail="Archived properties do not count." />
            <UsageMeter
              label="OTA integrations"
              unit="sites"
              usage={otaUsage(feeds.rows ?? [], tier.ota_integrations)}
              detail={platforms.length ? `In use: ${platforms.join(', ')} (calendar feeds; a connected channel partner counts too).` : 'Each booking site you connect a calendar from counts once.'}
            />
          </div>
        ) : (
          <p className="muted">The {humanize(me.subscription_tier)} plan is not offered any more, so no limits are shown.</p>
        )}
      </>
    );
  }

  return (
    <Page title="Subscription" description="Your plan, how much of it you use, and the other plans.">
      {checkout === 'cancelled' ? <FormMessage tone="info">The checkout was cancelled: your plan has not changed.</FormMessage> : null}
      {returned && billingData?.subscription?.subscription_status === 'APPROVAL_PENDING' ? (
        <FormMessage tone="info">Thank you: PayPal is confirming your subscription. This page updates by itself.</FormMessage>
      ) : null}
      <Card>
        <CardHeader title="Your plan" />
        {planBody}
      </Card>
      <OnlineOnlyNote state={online} />
      {billing.status === 'pending' && online.available ? (
        <Card>
          <CardHeader title="Billing" />
          <SkeletonRows rows={2} columns={3} />
        </Card>
      ) : null}
      {billing.status === 'error' ? (
        <Card>
          <CardHeader title="Billing" />
          <ErrorState error={billing.error} onRetry={() => void billing.refetch()} />
        </Card>
      ) : null}
      {billingData?.configured ? <BillingCard data={billingData} canAct={online.available} /> : null}
      {subscribeError ? <FormMessage tone="error">{subscribeError}</FormMessage> : null}
      <Card>
        <CardHeader title="Plans" description="Prices in USD; yearly billing is paid once a year." />
        <DataView result={tiers} empty={{ title: 'No plans are offered right now' }}>
          {(rows) => (
            <ul className="tier-grid">
              {rows.map((t) => (
                <TierCard key={t.id} tier={t} current={t.id === tier?.id}>
                  <SubscribeButtons tier={t} cycles={cyclesOf(t.id)} busy={busy} onSubscribe={(cycle) => void startSubscription(t.id, cycle)} />
                </TierCard>
              ))}
            </ul>
          )}
        </DataView>
      </Card>
      {me && tiers.rows && billingData?.configured !== true ? <UpgradeHelp current={tier} next={upgradesFrom(tiers.rows, tier)} company={me.company_name} /> : null}
    </Page>
  );
}
