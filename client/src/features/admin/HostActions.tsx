/**
 * The actions of a host's page, each a server command written to the audit log with who and when:
 * move to a plan with its commission rate, suspend (with a confirmation that says what stops) and
 * reactivate.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { HostDetail } from '../../../../shared/api/admin';
import { errorText } from '../../api/http';
import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormMessage, NumberInput } from '../../components/ui/Field';
import { Select } from '../../components/ui/Input';
import { humanize } from '../../components/ui/Badge';
import { useToast } from '../../components/ui/Toast';
import { useHostCommands } from './admin-api';

type Host = HostDetail['host'];

export function hostTitle(host: Pick<Host, 'company_name' | 'name' | 'email'>): string {
  return host.company_name || host.name || host.email || 'Unnamed host';
}

export function PlanDialog({ host, open, onClose }: { host: Host; open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const online = useOnlineOnly('changing a plan');
  const { changePlan } = useHostCommands();
  const tiers = useRows(TABLE.subscription_tiers, { PageSize: 100, OrderByField: 'sort_order', IsAsc: true });
  const [tier, setTier] = useState(host.subscription_tier);
  const [rate, setRate] = useState<number | null>(host.commission_rate);
  const [rateTouched, setRateTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rateError, setRateError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTier(host.subscription_tier);
    setRate(host.commission_rate);
    setRateTouched(false);
    setError(null);
    setRateError(null);
  }, [open, host.subscription_tier, host.commission_rate]);

  // A deactivated plan is offered to no one new; the host already on it keeps it as a choice.
  const tierRows = (tiers.rows ?? []).filter((t) => t.is_active || t.tier_name.toLowerCase() === host.subscription_tier.toLowerCase());
  const chosen = tierRows.find((t) => t.tier_name.toLowerCase() === tier.toLowerCase());
  const options = tierRows.some((t) => t.tier_name.toLowerCase() === host.subscription_tier.toLowerCase())
    ? tierRows.map((t) => ({ value: t.tier_name, label: `${humanize(t.tier_name)} (${t.commission_rate}% commission${t.is_active ? '' : ', no longer offered'})` }))
    : [{ value: host.subscription_tier, label: `${humanize(host.subscription_tier)} (no such plan)` }, ...tierRows.map((t) => ({ value: t.tier_name, label: `${humanize(t.tier_name)} (${t.commission_rate}% commission)` }))];

  const chooseTier = (value: string) => {
    setTier(value);
    // The rate follows the plan until the admin types one of their own.
    const next = tierRows.find((t) => t.tier_name === value);
    if (next && !rateTouched) setRate(next.commission_rate);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rate === null || rate < 0 || rate > 100) {
      setRateError('Enter a commission rate from 0 to 100');
      return;
    }
    setRateError(null);
    if (!online.available) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await changePlan(host.id, { tier, commission_rate: rate });
      toast({ title: 'Plan changed', description: `${hostTitle(host)} is on ${humanize(saved.subscription_tier)} at ${saved.commission_rate}% commission.`, variant: 'success' });
      onClose();
    } catch (e) {
      setError(errorText(e, 'The plan could not be changed. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Change plan"
      description={`Move ${hostTitle(host)} to another plan. A smaller plan removes nothing: its limits only refuse new properties and integrations. Bookings keep their commission until they are next changed.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="host-plan-form" isLoading={saving} disabled={!online.available || tiers.status !== 'success'}>
            Save plan
          </Button>
        </>
      }
    >
      <form id="host-plan-form" className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
        <OnlineOnlyNote state={online} />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        {tiers.status === 'error' ? <FormMessage tone="error">The plans could not be read: {tiers.error.message}</FormMessage> : null}
        <Select label="Plan" value={tier} onChange={(e) => chooseTier(e.target.value)} options={options} disabled={tiers.status !== 'success'} />
        <NumberInput
          label="Commission rate"
          suffix="%"
          min={0}
          max={100}
          value={rate}
          onValueChange={(v) => {
            setRate(v);
            setRateTouched(true);
          }}
          error={rateError}
          hint={chosen ? `The ${humanize(chosen.tier_name)} plan's rate is ${chosen.commission_rate}%.` : undefined}
          required
        />
      </form>
    </Dialog>
  );
}

export function StatusDialog({ host, open, onClose }: { host: Host; open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const online = useOnlineOnly(host.account_status === 'suspended' ? 'reactivating a host' : 'suspending a host');
  const { changeStatus } = useHostCommands();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const suspending = host.account_status !== 'suspended';

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const confirm = async () => {
    if (!online.available) return;
    setSaving(true);
    setError(null);
    try {
      await changeStatus(host.id, suspending ? 'suspended' : 'active');
      toast({
        title: suspending ? 'Host suspended' : 'Host reactivated',
        description: suspending ? `${hostTitle(host)} and its staff are signed out and cannot sign in.` : `${hostTitle(host)} and its staff can sign in again.`,
        variant: 'success',
      });
      onClose();
    } catch (e) {
      setError(errorText(e, 'The account status could not be changed. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={suspending ? `Suspend ${hostTitle(host)}?` : `Reactivate ${hostTitle(host)}?`}
      description={
        suspending
          ? 'The host and its housekeepers are signed out at their next request and cannot sign in; its calendar feeds stop being fetched. Nothing is deleted, and reactivating restores all of it.'
          : 'The host and its housekeepers can sign in again and its calendar feeds are fetched again.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={suspending ? 'danger' : 'primary'} isLoading={saving} disabled={!online.available} onClick={() => void confirm()}>
            {suspending ? 'Suspend host' : 'Reactivate host'}
          </Button>
        </>
      }
    >
      <OnlineOnlyNote state={online} />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </Dialog>
  );
}
