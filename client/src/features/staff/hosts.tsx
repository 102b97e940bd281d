/**
 * The hosts a housekeeper works for (the session's staffHosts): her tasks of every host come
 * together, each labelled with its host once there are two or more, with a filter by host; a
 * switch picks the host whose per-host screens (her staff row: name, phone) are shown.
 */
import { useMemo, useState } from 'react';
import type { StaffHost } from '../../../../shared/session';
import type { SessionUser } from '../../auth/session';
import { useAuth } from '../../auth/auth-context';
import { switchStaffHost } from '../../auth/auth-api';
import { errorText } from '../../api/http';
import { Badge } from '../../components/ui/Badge';
import { Select } from '../../components/ui/Input';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { useT } from '../../i18n/use-t';

export type StaffHosts = {
  /** Every host, in the server's order (the first linked first). */
  list: readonly StaffHost[];
  /** Two or more: labels, filters and the switch show. */
  many: boolean;
  /** Every staff row of hers (her tasks are those assigned to any of them). */
  staffIds: readonly string[];
  /** A host's name by its host profile id, when she works for several (labels show then only). */
  labelOf: (hostId: string) => string | undefined;
};

/** The session's hosts; a session from before several hosts (no staffHosts) has its one staffId. */
export function useStaffHosts(user: SessionUser): StaffHosts {
  return useMemo(() => {
    const list = user.staffHosts ?? [];
    const staffIds = list.length ? list.map((h) => h.staffId) : user.staffId ? [user.staffId] : [];
    const names = new Map(list.map((h) => [h.hostProfileId, h.hostName]));
    const many = list.length > 1;
    return { list, many, staffIds, labelOf: (hostId: string) => (many ? names.get(hostId) : undefined) };
  }, [user.staffHosts, user.staffId]);
}

/** A small label naming a task's host; nothing when she works for one host only. */
export function HostLabel({ name }: { name: string | undefined }) {
  const t = useT();
  if (!name) return null;
  return (
    <Badge tone="accent" className="host-label">
      <span className="visually-hidden">{t('task.hostPrefix')}</span>
      {name}
    </Badge>
  );
}

/** The host filter of a list ('' for every host); rendered only with two or more hosts. */
export function HostFilter({ hosts, value, onChange }: { hosts: StaffHosts; value: string; onChange: (hostId: string) => void }) {
  const t = useT();
  if (!hosts.many) return null;
  return (
    <Select
      label={t('staff.hosts.host')}
      value={value}
      options={[{ value: '', label: t('staff.hosts.all') }, ...hosts.list.map((h) => ({ value: h.hostProfileId, label: h.hostName }))]}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A filter by host for a list of rows with a host_id: the chosen id and the rows kept. */
export function useHostFilter<T extends { host_id: string }>(rows: readonly T[] | undefined): { hostId: string; setHostId: (id: string) => void; kept: T[] } {
  const [hostId, setHostId] = useState('');
  const kept = useMemo(() => (rows ?? []).filter((r) => !hostId || r.host_id === hostId), [rows, hostId]);
  return { hostId, setHostId, kept };
}

/**
 * The switch of the current host (the session's staffId), online: the server keeps the choice, so
 * every device of hers shows the same host's screens. Rendered only with two or more hosts.
 */
export function HostSwitch({ user }: { user: SessionUser }) {
  const auth = useAuth();
  const t = useT();
  const hosts = useStaffHosts(user);
  const online = useOnlineOnly(t('staff.hosts.switching'));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hosts.many) return null;

  const choose = async (staffId: string) => {
    if (staffId === user.staffId) return;
    setBusy(true);
    setError(null);
    try {
      await auth.store.updateUser(await switchStaffHost(staffId));
    } catch (err) {
      setError(errorText(err, t('staff.hosts.switchFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="host-switch">
      <Select
        label={t('staff.hosts.host')}
        hint={t('staff.hosts.switchHint')}
        value={user.staffId ?? ''}
        disabled={busy || !online.available}
        options={hosts.list.map((h) => ({ value: h.staffId, label: h.hostName }))}
        onChange={(e) => void choose(e.target.value)}
        error={error}
      />
      <OnlineOnlyNote state={online} />
    </div>
  );
}
