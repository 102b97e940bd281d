/**
 * Subscription: the host's plan, its usage against the plan's limits (properties, OTA
 * integrations: usage.ts), its PayPal billing (BillingCard.tsx), every plan side by side with
 * monthly and yearly prices, features and Subscribe buttons (to PayPal's approval page), and,
 * while PayPal is not set up, how to ask the admin for a change.
 */
import { useT } from '../../i18n/use-t';
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
  const t = useT();
  const saving = yearlySavingPercent(tier);
  return (
    <li className={current ? 'tier tier--current' : 'tier'}>
      <div className="tier__head">
        <h3 className="tier__name">{humanize(tier.tier_name)}</h3>
        {current ? <Badge tone="accent">{t('host.billing.yourPlan')}</Badge> : null}
      </div>
      <p className="tier__price">
        {format.money(tier.monthly_price)} <span className="muted">{t('host.subscription.perMonth')}</span>
      </p>
      <p className="muted">
        {saving > 0 ? t('host.subscription.yearlySave', { price: format.money(tier.yearly_price), saving }) : t('host.subscription.yearly', { price: format.money(tier.yearly_price) })}
      </p>
      <ul className="tier__facts">
        <li>
          {t('host.subscription.upToProperties', { count: tier.properties_limit })}
        </li>
        <li>
          {t('host.subscription.connections', { count: tier.ota_integrations })}
        </li>
        <li>{t('host.subscription.commission', { rate: tier.commission_rate })}</li>
        <li>{t('host.subscription.support', { level: humanize(tier.support_level) })}</li>
        {extraFeatures(tier.features).map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {children}
    </li>
  );
}

function UsageMeter({ label, usage, unit, detail }: { label: string; usage: Usage; unit: string; detail?: string }) {
  const t = useT();
  const amount = t('host.subscription.usage', { used: usage.used, limit: usage.limit, unit });
  return (
    <div className={usage.over ? 'usage usage--over' : usage.atLimit ? 'usage usage--full' : 'usage'}>
      <div className="usage__head">
        <span className="cell-strong">{label}</span>
        <span>
          {amount}
        </span>
      </div>
      <meter className="usage__bar" min={0} max={Math.max(usage.limit, usage.used, 1)} value={usage.used} high={Math.max(usage.limit - 0.5, 0)} optimum={0} aria-label={`${label}: ${amount}`} />
      {detail ? <p className="usage__detail muted">{detail}</p> : null}
      {usage.over ? (
        <p className="usage__detail">{t('host.subscription.over')}</p>
      ) : usage.atLimit ? (
        <p className="usage__detail">{t('host.subscription.atLimit')}</p>
      ) : null}
    </div>
  );
}

function SubscribeButtons({ tier, cycles, busy, onSubscribe }: { tier: SubscriptionTier; cycles: BillingCycle[]; busy: string | null; onSubscribe: (cycle: BillingCycle) => void }) {
  const t = useT();
  if (cycles.length === 0) return null;
  return (
    <div className="tier__actions">
      {cycles.map((cycle) => (
        <Button key={cycle} variant={cycle === 'monthly' ? 'primary' : 'secondary'} disabled={busy !== null} onClick={() => onSubscribe(cycle)} aria-label={t('host.subscription.subscribeTo', { tier: humanize(tier.tier_name), cycle })}
        >
          {busy === `${tier.id}:${cycle}` ? t('host.subscription.opening') : t('host.subscription.subscribe', { cycle })}
        </Button>
      ))}
    </div>
  );
}

function UpgradeHelp({ current, next, company }: { current: SubscriptionTier | undefined; next: SubscriptionTier[]; company: string }) {
  const t = useT();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const wanted = next[0];
  const request = t('host.subscription.request', {
    company: company || t('host.subscription.myAccount'),
    current: humanize(current?.tier_name ?? 'current'),
    next: humanize(wanted?.tier_name ?? 'next'),
  });
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
      <CardHeader title={t('host.subscription.changing')} />
      <p>{t('host.subscription.changingText')}</p>
      {wanted ? (
        <>
          <blockquote className="upgrade-request">{request}</blockquote>
          <div className="upgrade-actions">
            <Button variant="secondary" onClick={() => void copy()}>
              {t('host.subscription.copy')}
            </Button>
            <span role="status" className="muted">
              {copied === 'yes' ? t('host.subscription.copied') : copied === 'no' ? t('host.subscription.copyRefused') : ''}
            </span>
          </div>
        </>
      ) : (
        <p className="muted">{t('host.subscription.largest')}</p>
      )}
    </Card>
  );
}

export function HostSubscriptionPage({ checkout, returned }: { checkout?: 'cancelled'; returned?: boolean }) {
  const t = useT();
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
      const text = errorText(e, t('host.subscription.startFailed'));
      setSubscribeError(text);
      toast({ title: t('host.subscription.startFailedTitle'), description: text, variant: 'destructive' });
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
  else if (!me) planBody = <p className="muted">{t('host.subscription.noProfile')}</p>;
  else {
    const platforms = otaPlatforms(feeds.rows ?? []);
    planBody = (
      <>
        <dl className="details details--row">
          <div>
            <dt>{t('host.subscription.plan')}</dt>
            <dd>{humanize(me.subscription_tier)}</dd>
          </div>
          <div>
            <dt>{t('host.bookings.status')}</dt>
            <dd>
              <StatusBadge status={me.subscription_status} />
            </dd>
          </div>
          <div>
            <dt>{t('host.subscription.commissionRate')}</dt>
            <dd>{me.commission_rate}%</dd>
          </div>
        </dl>
        {tier ? (
          <div className="usage-grid">
            <UsageMeter
              label={t('host.calendar.properties')}
              unit={t('host.subscription.unitProperties')}
              usage={propertyUsage(properties.rows ?? [], tier.properties_limit)}
              detail={t('host.subscription.archivedNote')}
            />
            <UsageMeter
              label={t('host.subscription.ota')}
              unit={t('host.subscription.unitSites')}
              usage={otaUsage(feeds.rows ?? [], tier.ota_integrations)}
              detail={platforms.length ? t('host.subscription.inUse', { platforms: platforms.join(', ') }) : t('host.subscription.eachSite')}
            />
          </div>
        ) : (
          <p className="muted">{t('host.subscription.notOffered', { tier: humanize(me.subscription_tier) })}</p>
        )}
      </>
    );
  }

  return (
    <Page title={t('host.subscription.title')} description={t('host.subscription.description')}>
      {checkout === 'cancelled' ? <FormMessage tone="info">{t('host.subscription.checkoutCancelled')}</FormMessage> : null}
      {returned && billingData?.subscription?.subscription_status === 'APPROVAL_PENDING' ? (
        <FormMessage tone="info">{t('host.subscription.confirming')}</FormMessage>
      ) : null}
      <Card>
        <CardHeader title={t('host.billing.yourPlan')} />
        {planBody}
      </Card>
      <OnlineOnlyNote state={online} />
      {billing.status === 'pending' && online.available ? (
        <Card>
          <CardHeader title={t('host.billing.title')} />
          <SkeletonRows rows={2} columns={3} />
        </Card>
      ) : null}
      {billing.status === 'error' ? (
        <Card>
          <CardHeader title={t('host.billing.title')} />
          <ErrorState error={billing.error} onRetry={() => void billing.refetch()} />
        </Card>
      ) : null}
      {billingData?.configured ? <BillingCard data={billingData} canAct={online.available} /> : null}
      {subscribeError ? <FormMessage tone="error">{subscribeError}</FormMessage> : null}
      <Card>
        <CardHeader title={t('host.subscription.plans')} description={t('host.subscription.plansDescription')} />
        <DataView result={tiers} empty={{ title: t('host.subscription.noPlans') }}>
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
