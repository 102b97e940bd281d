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
import { useT } from '../../i18n/use-t';
import { useHostCommands } from './admin-api';

type Host = HostDetail['host'];

/** What a host is called on screen: its company, else its owner's name or e-mail. */
export function hostTitle(host: Pick<Host, 'company_name' | 'name' | 'email'>, t: ReturnType<typeof useT>): string {
  return host.company_name || host.name || host.email || t('admin.common.unnamedHost');
}

export function PlanDialog({ host, open, onClose }: { host: Host; open: boolean; onClose: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const online = useOnlineOnly(t('admin.hostActions.changingPlan'));
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
  const tierRows = (tiers.rows ?? []).filter((row) => row.is_active || row.tier_name.toLowerCase() === host.subscription_tier.toLowerCase());
  const chosen = tierRows.find((row) => row.tier_name.toLowerCase() === tier.toLowerCase());
  const options = tierRows.some((row) => row.tier_name.toLowerCase() === host.subscription_tier.toLowerCase())
    ? tierRows.map((row) => ({ value: row.tier_name, label: t('admin.hostActions.planOption', { plan: humanize(row.tier_name), rate: row.commission_rate, retired: row.is_active ? 'no' : 'yes' }) }))
    : [
        { value: host.subscription_tier, label: t('admin.hostActions.noSuchPlan', { plan: humanize(host.subscription_tier) }) },
        ...tierRows.map((row) => ({ value: row.tier_name, label: t('admin.hostActions.planOption', { plan: humanize(row.tier_name), rate: row.commission_rate, retired: 'no' }) })),
      ];

  const chooseTier = (value: string) => {
    setTier(value);
    // The rate follows the plan until the admin types one of their own.
    const next = tierRows.find((row) => row.tier_name === value);
    if (next && !rateTouched) setRate(next.commission_rate);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rate === null || rate < 0 || rate > 100) {
      setRateError(t('admin.hostActions.rateError'));
      return;
    }
    setRateError(null);
    if (!online.available) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await changePlan(host.id, { tier, commission_rate: rate });
      toast({
        title: t('admin.common.planChanged'),
        description: t('admin.hostActions.planChangedText', { host: hostTitle(host, t), plan: humanize(saved.subscription_tier), rate: saved.commission_rate }),
        variant: 'success',
      });
      onClose();
    } catch (e) {
      setError(errorText(e, t('admin.hostActions.planFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('admin.common.changePlan')}
      description={t('admin.hostActions.planDescription', { host: hostTitle(host, t) })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" form="host-plan-form" isLoading={saving} disabled={!online.available || tiers.status !== 'success'}>
            {t('admin.hostActions.savePlan')}
          </Button>
        </>
      }
    >
      <form id="host-plan-form" className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
        <OnlineOnlyNote state={online} />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        {tiers.status === 'error' ? <FormMessage tone="error">{t('admin.hostActions.plansUnreadable', { message: tiers.error.message })}</FormMessage> : null}
        <Select label={t('admin.column.plan')} value={tier} onChange={(e) => chooseTier(e.target.value)} options={options} disabled={tiers.status !== 'success'} />
        <NumberInput
          label={t('admin.hostActions.commissionRate')}
          suffix="%"
          min={0}
          max={100}
          value={rate}
          onValueChange={(v) => {
            setRate(v);
            setRateTouched(true);
          }}
          error={rateError}
          hint={chosen ? t('admin.hostActions.planRate', { plan: humanize(chosen.tier_name), rate: chosen.commission_rate }) : undefined}
          required
        />
      </form>
    </Dialog>
  );
}

export function StatusDialog({ host, open, onClose }: { host: Host; open: boolean; onClose: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const online = useOnlineOnly(host.account_status === 'suspended' ? t('admin.hostActions.reactivating') : t('admin.hostActions.suspending'));
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
        title: suspending ? t('admin.hostActions.suspended') : t('admin.hostActions.reactivated'),
        description: suspending ? t('admin.hostActions.suspendedText', { host: hostTitle(host, t) }) : t('admin.hostActions.reactivatedText', { host: hostTitle(host, t) }),
        variant: 'success',
      });
      onClose();
    } catch (e) {
      setError(errorText(e, t('admin.hostActions.statusFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={suspending ? t('admin.hostActions.suspendTitle', { host: hostTitle(host, t) }) : t('admin.hostActions.reactivateTitle', { host: hostTitle(host, t) })}
      description={
        suspending
          ? t('admin.hostActions.suspendText')
          : t('admin.hostActions.reactivateText')
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button variant={suspending ? 'danger' : 'primary'} isLoading={saving} disabled={!online.available} onClick={() => void confirm()}>
            {suspending ? t('admin.hostActions.suspendHost') : t('admin.hostActions.reactivateHost')}
          </Button>
        </>
      }
    >
      <OnlineOnlyNote state={online} />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </Dialog>
  );
}
