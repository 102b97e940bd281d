import { TABLE, type SubscriptionTier } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge, StatusBadge, humanize } from '../../components/ui/Badge';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { DataView } from '../../components/data-view';
import { FormMessage } from '../../components/layout/AuthLayout';

function TierCard({ tier, current }: { tier: SubscriptionTier; current: boolean }) {
  const format = useFormat();
  return (
    <li className={current ? 'tier tier--current' : 'tier'}>
      <div className="tier__head">
        <h3 className="tier__name">{humanize(tier.tier_name)}</h3>
        {current ? <Badge tone="accent">Your plan</Badge> : null}
      </div>
      <p className="tier__price">
        {format.money(tier.monthly_price)} <span className="muted">/ month</span>
      </p>
      <p className="muted">or {format.money(tier.yearly_price)} a year</p>
      <ul className="tier__facts">
        <li>
          Up to {tier.properties_limit} {tier.properties_limit === 1 ? 'property' : 'properties'}
        </li>
        <li>{tier.ota_integrations} booking-site connections</li>
        <li>{tier.commission_rate}% commission</li>
        <li>{humanize(tier.support_level)} support</li>
        {tier.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    </li>
  );
}

export function HostSubscriptionPage({ checkout }: { checkout?: 'cancelled' }) {
  const profile = useRows(TABLE.host_profiles, { PageSize: 1 });
  const tiers = useRows(TABLE.subscription_tiers, { PageSize: 100, OrderByField: 'sort_order', IsAsc: true });
  const me = profile.status === 'success' ? profile.rows[0] : undefined;
  const currentTier = (me?.subscription_tier ?? '').toLowerCase();

  return (
    <Page title="Subscription" description="Your plan, what it includes, and the other plans.">
      {checkout === 'cancelled' ? <FormMessage tone="info">The checkout was cancelled: your plan has not changed.</FormMessage> : null}
      <Card>
        <CardHeader title="Your plan" />
        {profile.status === 'loading' ? <SkeletonRows rows={2} columns={3} /> : null}
        {profile.status === 'error' ? <ErrorState error={profile.error} onRetry={profile.retry} /> : null}
        {profile.status === 'success' ? (
          me ? (
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
              <div>
                <dt>Properties</dt>
                <dd>{me.properties_count}</dd>
              </div>
            </dl>
          ) : (
            <p className="muted">No host profile is linked to this account yet.</p>
          )
        ) : null}
      </Card>
      <Card>
        <CardHeader title="Plans" />
        <DataView result={tiers} empty={{ title: 'No plans are offered right now' }}>
          {(rows) => (
            <ul className="tier-grid">
              {rows.map((t) => (
                <TierCard key={t.id} tier={t} current={t.tier_name.toLowerCase() === currentTier || t.id === me?.subscription_tier} />
              ))}
            </ul>
          )}
        </DataView>
      </Card>
    </Page>
  );
}
