/**
 * Profile (every area): the account (admins change their own name and e-mail), display settings (timezone, date format, clock) written
 * through the outbox and applied everywhere by lib/display.tsx, the host's business fields with
 * the profile errors of shared/messages.ts, the password change (online-only), two-step sign-in
 * (features/two-step), the signed-in devices (SessionsCard.tsx), a host's data download
 * (DataExportCard.tsx), Web Push for this
 * device, and, for staff, their work details.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { DATE_FORMATS, WEEKDAYS } from '../../../../shared/enums';
import { isDateFormat, normalizeDisplaySettings, type DisplaySettings } from '../../../../shared/format/dates';
import { EMAIL_BELONGS_TO_OTHER_ACCOUNT, PROFILE_CHECK_FAILED, PROFILE_CREATE_FAILED, PROFILE_UPDATE_FAILED } from '../../../../shared/messages';
import { TABLE, type DisplaySettingsRow, type HostProfile, type OwnStaffRow } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { makeFormatters, useFormat } from '../../lib/display';
import { ApiError, apiRequest, errorText } from '../../api/http';
import { useAuth } from '../../auth/auth-context';
import { useWrite } from '../../data/use-write';
import { useSyncRuntime } from '../../sync/sync-context';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { FormMessage, Segmented } from '../../components/ui/Field';
import { Input, Select } from '../../components/ui/Input';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { useToast } from '../../components/ui/Toast';
import { PushSubscriptionCard } from '../notifications';
import { TwoStepSection } from '../two-step';
import { StorageCard } from '../storage';
import { HostSwitch } from '../staff';
import { SessionsCard } from './SessionsCard';
import { DataExportCard } from './DataExportCard';
import type { SessionUser } from '../../auth/session';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import {
  accountChanges,
  placePasswordError,
  profileChanges,
  timezoneOptions,
  validateAccount,
  validateHostProfile,
  type AccountErrors,
  type AccountFields,
  validatePasswordChange,
  type HostProfileErrors,
  type HostProfileFields,
  type PasswordErrors,
  type PasswordFields,
} from './profile-forms';
import './profile.css';

function AccountDetails() {
  const user = useCurrentUser();
  const format = useFormat();
  return (
    <dl className="details">
      <div>
        <dt>Name</dt>
        <dd>{user.Name || '—'}</dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>{user.Email}</dd>
      </div>
      <div>
        <dt>Role</dt>
        <dd>{humanize(user.Role)}</dd>
      </div>
      <div>
        <dt>Member since</dt>
        <dd>{user.CreateTime ? format.date(user.CreateTime) : '—'}</dd>
      </div>
    </dl>
  );
}

/**
 * An admin's own name and e-mail, written online to its users row (the table API: admins write
 * users; the users table is not kept on the device), then the session re-read from the server.
 */
function AccountForm({ onDone }: { onDone: () => void }) {
  const user = useCurrentUser();
  const auth = useAuth();
  const { toast } = useToast();
  const online = useOnlineOnly('changing your name or e-mail');
  const [fields, setFields] = useState<AccountFields>({ Name: user.Name, Email: user.Email });
  const [errors, setErrors] = useState<AccountErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAccount(fields);
    setErrors(found);
    if (Object.keys(found).length > 0 || !online.available) return;
    const changes = accountChanges({ Name: user.Name, Email: user.Email }, fields);
    if (Object.keys(changes).length === 0) return onDone();
    setSaving(true);
    try {
      await apiRequest(`/api/table/${TABLE.users}/update`, { body: { ID: user.ID, ...changes } });
      await auth.store.restore();
      toast({ title: 'Account saved', description: 'Your name and e-mail are up to date. Sign in with the e-mail shown here.', variant: 'success' });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setErrors({ Email: EMAIL_BELONGS_TO_OTHER_ACCOUNT });
      else setErrors({ form: errorText(error, 'Your account could not be saved. Please try again.') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label="Your account">
      <OnlineOnlyNote state={online} />
      {errors.form ? <FormMessage>{errors.form}</FormMessage> : null}
      <Input label="Name" autoComplete="name" value={fields.Name} maxLength={500} onChange={(e) => setFields({ ...fields, Name: e.target.value })} error={errors.Name} />
      <Input label="Email" type="email" autoComplete="email" value={fields.Email} onChange={(e) => setFields({ ...fields, Email: e.target.value })} error={errors.Email} hint="You sign in with it." />
      <div className="form__row form__row--end">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={saving} disabled={!online.available}>
          Save account
        </Button>
      </div>
    </form>
  );
}

function AccountCard() {
  const user = useCurrentUser();
  const [editing, setEditing] = useState(false);
  // Admins and super admins write users rows; hosts and staff read theirs.
  const canEdit = user.Role === 'admin' || user.Role === 'super_admin';
  return (
    <Card>
      <CardHeader
        title="Account"
        actions={
          canEdit && !editing ? (
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
              Edit name and e-mail
            </Button>
          ) : undefined
        }
      />
      {editing ? <AccountForm onDone={() => setEditing(false)} /> : <AccountDetails />}
    </Card>
  );
}

function supportedZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
}

const CLOCKS = [
  { value: '12h', label: '12-hour' },
  { value: '24h', label: '24-hour' },
] as const;

/** Display settings, one row per user, written through the outbox. */
function DisplayCard() {
  const user = useCurrentUser();
  const { write, pending: saving, failure } = useWrite({ what: 'The display settings', toast: false });
  const { toast } = useToast();
  const format = useFormat();
  const rows = useRows(TABLE.display_settings, { PageSize: 1, Filters: [{ name: 'user_id', op: 'Equal', value: user.ID }] });
  const row: DisplaySettingsRow | undefined = rows.rows?.[0];
  const [draft, setDraft] = useState<DisplaySettings>(format.settings);
  // Follow the stored settings when they change elsewhere (another device, a pull).
  useEffect(() => setDraft(format.settings), [format.settings]);
  const zones = useMemo(() => timezoneOptions(supportedZones(), draft.timezone), [draft.timezone]);
  const preview = makeFormatters(draft);
  const now = new Date();
  const changed = draft.timezone !== format.settings.timezone || draft.dateFormat !== format.settings.dateFormat || draft.use24Hour !== format.settings.use24Hour;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const fields = { timezone: draft.timezone, dateFormat: draft.dateFormat, timeFormat: draft.use24Hour ? '24h' : '12h', use24Hour: draft.use24Hour };
    const saved = await write(row ? { table: TABLE.display_settings, op: 'update', rowId: row.id, fields } : { table: TABLE.display_settings, op: 'create', fields: { user_id: user.ID, ...fields } });
    if (saved.ok) toast({ title: 'Display settings saved', description: 'Dates and times now follow them everywhere.', variant: 'success' });
  };

  return (
    <Card>
      <CardHeader title="Display" description="How dates and times are shown to you, on every page" />
      {rows.status === 'error' ? <ErrorState error={rows.error} onRetry={rows.retry} /> : null}
      <form className="form" onSubmit={(e) => void save(e)}>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <Select label="Timezone" value={draft.timezone} onChange={(e) => setDraft(normalizeDisplaySettings({ ...draft, timezone: e.target.value }))} options={zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))} />
        <Select
          label="Date format"
          value={draft.dateFormat}
          onChange={(e) => {
            const value = e.target.value;
            if (isDateFormat(value)) setDraft({ ...draft, dateFormat: value });
          }}
          options={DATE_FORMATS.map((f) => ({ value: f, label: `${f} (${makeFormatters({ ...draft, dateFormat: f }).date(format.today())})` }))}
        />
        <div className="field">
          <span className="field__label" aria-hidden="true">
            Clock
          </span>
          <Segmented label="Clock" options={CLOCKS} value={draft.use24Hour ? '24h' : '12h'} onChange={(v) => setDraft({ ...draft, use24Hour: v === '24h', timeFormat: v })} />
        </div>
        <p className="muted profile-preview" aria-live="polite">
          Preview: {preview.date(preview.today())}, {preview.time(now)}
        </p>
        <div className="form__row form__row--end">
          <Button type="submit" isLoading={saving} disabled={!changed || rows.status === 'loading'}>
            Save display settings
          </Button>
        </div>
      </form>
    </Card>
  );
}

const EMPTY_PROFILE: HostProfileFields = { company_name: '', phone_number: '', address: '' };

function fieldsOf(profile: HostProfile | undefined): HostProfileFields {
  return profile ? { company_name: profile.company_name, phone_number: profile.phone_number, address: profile.address } : EMPTY_PROFILE;
}

/** The host's business fields (company_name, phone_number, address), through the outbox. */
function HostProfileCard() {
  const runtime = useSyncRuntime();
  const { write, pending: saving, failure: writeFailure } = useWrite({ toast: false });
  const { toast } = useToast();
  const profile = useRows(TABLE.host_profiles, { PageSize: 1 });
  const stored = profile.rows?.[0];
  const [draft, setDraft] = useState<HostProfileFields>(EMPTY_PROFILE);
  const [errors, setErrors] = useState<HostProfileErrors>({});
  /** A change the server refused after the outbox sent it. */
  const [refused, setRefused] = useState<string | null>(null);
  const storedKey = stored ? `${stored.id}:${stored.company_name}:${stored.phone_number}:${stored.address}` : 'none';
  // Follow the stored fields (a pull, another device), not every new object for the same row.
  useEffect(() => setDraft(fieldsOf(stored)), [storedKey]);

  // A change the server refused later (after the outbox sent it) is told here, with its reason.
  useEffect(
    () =>
      runtime.onRejections((list) => {
        const mine = list.find((r) => r.table === TABLE.host_profiles);
        if (mine) setRefused(`${mine.op === 'create' ? PROFILE_CREATE_FAILED : PROFILE_UPDATE_FAILED}: ${mine.error}`);
      }),
    [runtime],
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    const found = validateHostProfile(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes = profileChanges(stored ? fieldsOf(stored) : undefined, draft);
    if (Object.keys(changes).length === 0) return;
    const saved = await write(stored ? { table: TABLE.host_profiles, op: 'update', rowId: stored.id, fields: changes } : { table: TABLE.host_profiles, op: 'create', fields: changes });
    if (saved.ok) toast({ title: 'Profile saved', description: 'Your business details are updated (they are sent as soon as you are online).', variant: 'success' });
  };
  const failure = writeFailure ? `${stored ? PROFILE_UPDATE_FAILED : PROFILE_CREATE_FAILED}: ${writeFailure}` : refused;

  return (
    <Card>
      <CardHeader title="Business" description="Shown to your guests and staff, and on your invoices" />
      {profile.status === 'loading' ? <SkeletonRows rows={3} columns={2} /> : null}
      {profile.status === 'error' ? <ErrorState title={PROFILE_CHECK_FAILED} error={profile.error} onRetry={profile.retry} /> : null}
      {profile.status === 'success' ? (
        <form className="form" onSubmit={(e) => void save(e)} noValidate>
          {failure ? <FormMessage>{failure}</FormMessage> : null}
          {!stored ? <FormMessage tone="info">No business profile yet: saving creates it.</FormMessage> : null}
          <Input label="Company name" value={draft.company_name} onChange={(e) => setDraft({ ...draft, company_name: e.target.value })} error={errors.company_name} autoComplete="organization" maxLength={500} />
          <Input label="Phone number" type="tel" value={draft.phone_number} onChange={(e) => setDraft({ ...draft, phone_number: e.target.value })} error={errors.phone_number} autoComplete="tel" />
          <Input label="Address" value={draft.address} onChange={(e) => setDraft({ ...draft, address: e.target.value })} error={errors.address} autoComplete="street-address" maxLength={500} />
          {stored ? (
            <dl className="details details--row">
              <div>
                <dt>Account status</dt>
                <dd>
                  <StatusBadge status={stored.account_status} />
                </dd>
              </div>
              <div>
                <dt>Properties</dt>
                <dd>{stored.properties_count}</dd>
              </div>
              <div>
                <dt>Bookings</dt>
                <dd>{stored.total_bookings}</dd>
              </div>
            </dl>
          ) : null}
          <div className="form__row form__row--end">
            <Button type="submit" isLoading={saving}>
              Save business details
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}

const NO_PASSWORDS: PasswordFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** POST /api/auth/change-password: online-only (there is no offline password check). */
function PasswordCard() {
  const { toast } = useToast();
  const online = useOnlineOnly('changing your password');
  const [fields, setFields] = useState<PasswordFields>(NO_PASSWORDS);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(fields);
    setErrors(found);
    if (Object.keys(found).length > 0 || !online.available) return;
    setSaving(true);
    try {
      await apiRequest('/api/auth/change-password', { body: { currentPassword: fields.currentPassword, newPassword: fields.newPassword } });
      setFields(NO_PASSWORDS);
      toast({ title: 'Password changed', description: 'Use the new password the next time you sign in.', variant: 'success' });
    } catch (error) {
      setErrors(placePasswordError(errorText(error, 'The password could not be changed. Please try again.')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader title="Password" />
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <OnlineOnlyNote state={online} />
        {errors.form ? <FormMessage>{errors.form}</FormMessage> : null}
        <Input label="Current password" type="password" autoComplete="current-password" value={fields.currentPassword} onChange={(e) => setFields({ ...fields, currentPassword: e.target.value })} error={errors.currentPassword} />
        <Input label="New password" type="password" autoComplete="new-password" value={fields.newPassword} onChange={(e) => setFields({ ...fields, newPassword: e.target.value })} error={errors.newPassword} hint="At least 8 characters" />
        <Input label="New password again" type="password" autoComplete="new-password" value={fields.confirmPassword} onChange={(e) => setFields({ ...fields, confirmPassword: e.target.value })} error={errors.confirmPassword} />
        <div className="form__row form__row--end">
          <Button type="submit" isLoading={saving} disabled={!online.available}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Her staff row at the current host (each host keeps its own), with the switch when she works for several. */
function StaffProfileCard({ user }: { user: SessionUser }) {
  const format = useFormat();
  const staffId = user.staffId;
  const hostName = (user.staffHosts?.length ?? 0) > 1 ? user.staffHosts?.find((h) => h.staffId === staffId)?.hostName : undefined;
  const staff = useRows(TABLE.housekeeping_staff, { PageSize: 1, Filters: staffId ? [{ name: 'id', op: 'Equal', value: staffId }] : [] });
  // Typed as her device receives it (shared/device-fields.ts): no field beyond those is read here.
  const me: OwnStaffRow | undefined = staff.status === 'success' ? staff.rows[0] : undefined;
  return (
    <Card>
      <CardHeader title="Work" description={hostName ? `As ${hostName} has you on record.` : undefined} />
      <HostSwitch user={user} />
      {staff.status === 'loading' ? <SkeletonRows rows={3} columns={2} /> : null}
      {staff.status === 'error' ? <ErrorState error={staff.error} onRetry={staff.retry} /> : null}
      {staff.status === 'success' && !me ? <p className="muted">This account is not linked to a housekeeping staff record yet.</p> : null}
      {me ? (
        <>
          <dl className="details">
            <div>
              <dt>Phone</dt>
              <dd>{me.staff_phone || '—'}</dd>
            </div>
            <div>
              <dt>Specializations</dt>
              <dd>{me.specializations.map(humanize).join(', ') || '—'}</dd>
            </div>
            <div>
              <dt>Since</dt>
              <dd>{me.hire_date ? format.date(me.hire_date) : '—'}</dd>
            </div>
            <div>
              <dt>Emergency contact</dt>
              <dd>{me.emergency_contact || '—'}</dd>
            </div>
          </dl>
          <h3 className="section-title">Availability</h3>
          <ul className="availability">
            {WEEKDAYS.map((day) => {
              const slot = me.availability_schedule[day];
              return (
                <li key={day}>
                  <span className="availability__day">{humanize(day)}</span>
                  <span>{!slot || slot === 'off' ? 'Off' : `${format.time(slot.start)} – ${format.time(slot.end)}`}</span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

const PUSH_TEXT: Record<string, string> = {
  host: 'Urgent and overdue task alerts and calendar conflicts reach this device even when Staykeep is closed.',
  staff: 'New and changed tasks reach this device even when Staykeep is closed.',
};

export function ProfilePage() {
  const user = useCurrentUser();
  return (
    <Page title="Profile" description="Your account and how Staykeep shows things to you.">
      <div className="grid-2">
        <AccountCard />
        {user.Role === 'host' ? <HostProfileCard /> : null}
        {user.Role === 'staff' ? <StaffProfileCard user={user} /> : null}
        <DisplayCard />
        <PasswordCard />
        <TwoStepSection />
        <SessionsCard />
        {user.Role === 'host' ? <DataExportCard /> : null}
        <PushSubscriptionCard description={PUSH_TEXT[user.Role]} />
        <StorageCard />
      </div>
    </Page>
  );
}
