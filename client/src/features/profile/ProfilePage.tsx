/**
 * Profile (every area): the account (admins change their own name and e-mail), display settings (language, timezone, date format, clock) written
 * through the outbox and applied everywhere by lib/display.tsx, the host's business fields with
 * the profile errors of shared/messages.ts, the password change (online-only), two-step sign-in
 * (features/two-step), the signed-in devices (SessionsCard.tsx), a host's data download
 * (DataExportCard.tsx), Web Push for this
 * device, and, for staff, their work details.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { DATE_FORMATS, WEEKDAYS } from '../../../../shared/enums';
import { isDateFormat, normalizeDisplaySettings, type DisplaySettings } from '../../../../shared/format/dates';
import { TABLE, type DisplaySettingsRow, type HostProfile, type OwnStaffRow } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { makeFormatters, useFormat } from '../../lib/display';
import { ApiError, apiRequest } from '../../api/http';
import { useT } from '../../i18n/use-t';
import { deviceLocale, preloadLanguages, setLanguage, type MessageId } from '../../i18n';
import { localErrorText } from '../../i18n/server-errors';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../../../shared/i18n/locales';
import { useAuth } from '../../auth/auth-context';
import { useWrite } from '../../data/use-write';
import { useSyncRuntime } from '../../sync/sync-context';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { EmailAddress } from '../../components/ui/EmailAddress';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { FormMessage, Segmented } from '../../components/ui/Field';
import { Input, Select } from '../../components/ui/Input';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { useToast } from '../../components/ui/Toast';
import { PushSubscriptionCard } from '../notifications';
import { TwoStepSection } from '../two-step';
import { MIN_PASSWORD_LENGTH } from '../../auth/password-rules';
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
  const t = useT();
  return (
    <dl className="details">
      <div>
        <dt>{t('account.profile.account.name')}</dt>
        <dd>{user.Name || t('account.profile.none')}</dd>
      </div>
      <div>
        <dt>{t('account.profile.account.email')}</dt>
        <dd>
          <EmailAddress address={user.Email} />
        </dd>
      </div>
      <div>
        <dt>{t('account.profile.account.role')}</dt>
        <dd>{t('account.profile.account.roleName', { role: user.Role })}</dd>
      </div>
      <div>
        <dt>{t('account.profile.account.memberSince')}</dt>
        <dd>{user.CreateTime ? format.date(user.CreateTime) : t('account.profile.none')}</dd>
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
  const t = useT();
  const online = useOnlineOnly(t('account.profile.account.onlineWhat'));
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
      toast({ title: t('account.profile.account.saved'), description: t('account.profile.account.savedText'), variant: 'success' });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setErrors({ Email: t('account.errors.emailBelongsToOther') });
      else setErrors({ form: localErrorText(error, 'account.profile.account.saveFailed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('account.profile.account.formLabel')}>
      <OnlineOnlyNote state={online} />
      {errors.form ? <FormMessage>{errors.form}</FormMessage> : null}
      <Input label={t('account.profile.account.name')} autoComplete="name" value={fields.Name} maxLength={500} onChange={(e) => setFields({ ...fields, Name: e.target.value })} error={errors.Name} />
      <Input label={t('account.profile.account.email')} type="email" autoComplete="email" value={fields.Email} onChange={(e) => setFields({ ...fields, Email: e.target.value })} error={errors.Email} hint={t('account.profile.account.emailHint')} />
      <div className="form__row form__row--end">
        <Button variant="ghost" onClick={onDone}>
          {t('account.profile.cancel')}
        </Button>
        <Button type="submit" isLoading={saving} disabled={!online.available}>
          {t('account.profile.account.save')}
        </Button>
      </div>
    </form>
  );
}

function AccountCard() {
  const user = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const t = useT();
  // Admins and super admins write users rows; hosts and staff read theirs.
  const canEdit = user.Role === 'admin' || user.Role === 'super_admin';
  return (
    <Card>
      <CardHeader
        title={t('account.profile.account.title')}
        actions={
          canEdit && !editing ? (
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
              {t('account.profile.account.edit')}
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
  { value: '12h', label: 'account.profile.display.clock12' },
  { value: '24h', label: 'account.profile.display.clock24' },
] as const satisfies readonly { value: string; label: MessageId }[];

/** The device's language choice: a value for the select (`device` is null, the device's own). */
const DEVICE = 'device';

/**
 * The language, written at once through the outbox (offline too) and applied at once: the page
 * speaks it before the write is even sent; the display settings provider (lib/display.tsx) keeps
 * it in step with the synced row afterwards.
 */
function LanguageSelect({ row, ready, userId }: { row: DisplaySettingsRow | undefined; ready: boolean; userId: string }) {
  const t = useT();
  const format = useFormat();
  const { write } = useWrite({ what: t('account.profile.display.what') });
  const chosen = row?.language ?? null;
  // The other languages are at hand before one is chosen, and after a choice for the next one,
  // offline too: loaded as the user reaches for the list or chooses, not with the page, whose start
  // on a phone they would slow down (six catalogs to compile).
  const preload = () => void preloadLanguages().catch(() => undefined);
  const choose = async (value: string) => {
    const language = isLocale(value) ? value : null;
    preload();
    void setLanguage(language);
    const fields = { language };
    const base = { timezone: format.settings.timezone, dateFormat: format.settings.dateFormat, timeFormat: format.settings.timeFormat, use24Hour: format.settings.use24Hour };
    await write(row ? { table: TABLE.display_settings, op: 'update', rowId: row.id, fields } : { table: TABLE.display_settings, op: 'create', fields: { user_id: userId, ...base, ...fields } });
  };
  const options = [
    { value: DEVICE, label: t('account.language.device', { language: LOCALE_NAMES[deviceLocale()] }) },
    ...LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] })),
  ];
  return (
    <Select
      label={t('account.language.label')}
      name="language"
      lang={chosen ?? undefined}
      value={chosen ?? DEVICE}
      // Until the user's settings row is on this device (a first download still running) a choice
      // would make a second row that the server refuses, and the row arriving after it would put
      // the page back in its old language.
      disabled={!ready}
      hint={t('account.language.hint')}
      onChange={(e) => void choose(e.target.value)}
      onPointerEnter={preload}
      onPointerDown={preload}
      onFocus={preload}
      options={options}
    />
  );
}

/** Display settings, one row per user, written through the outbox. */
function DisplayCard() {
  const user = useCurrentUser();
  const t = useT();
  const { write, pending: saving, failure } = useWrite({ what: t('account.profile.display.what'), toast: false });
  const { toast } = useToast();
  const format = useFormat();
  const rows = useRows(TABLE.display_settings, { PageSize: 1, Filters: [{ name: 'user_id', op: 'Equal', value: user.ID }] });
  const row: DisplaySettingsRow | undefined = rows.rows?.[0];
  const [draft, setDraft] = useState<DisplaySettings>(format.settings);
  // Follow the stored settings when they change elsewhere (another device, a pull).
  useEffect(() => setDraft(format.settings), [format.settings]);
  const zones = useMemo(() => timezoneOptions(supportedZones(), draft.timezone), [draft.timezone]);
  const preview = makeFormatters(draft, format.locale);
  const now = new Date();
  const changed = draft.timezone !== format.settings.timezone || draft.dateFormat !== format.settings.dateFormat || draft.use24Hour !== format.settings.use24Hour;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const fields = { timezone: draft.timezone, dateFormat: draft.dateFormat, timeFormat: draft.use24Hour ? '24h' : '12h', use24Hour: draft.use24Hour };
    const saved = await write(row ? { table: TABLE.display_settings, op: 'update', rowId: row.id, fields } : { table: TABLE.display_settings, op: 'create', fields: { user_id: user.ID, ...fields } });
    if (saved.ok) toast({ title: t('account.profile.display.saved'), description: t('account.profile.display.savedText'), variant: 'success' });
  };

  return (
    <Card>
      <CardHeader title={t('account.profile.display.title')} description={t('account.profile.display.description')} />
      {rows.status === 'error' ? <ErrorState error={rows.error} onRetry={rows.retry} /> : null}
      <LanguageSelect row={row} ready={rows.status === 'success'} userId={user.ID} />
      <form className="form" onSubmit={(e) => void save(e)}>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <Select label={t('account.profile.display.timezone')} deferOptions value={draft.timezone} onChange={(e) => setDraft(normalizeDisplaySettings({ ...draft, timezone: e.target.value }))} options={zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))} />
        <Select
          label={t('account.profile.display.dateFormat')}
          value={draft.dateFormat}
          onChange={(e) => {
            const value = e.target.value;
            if (isDateFormat(value)) setDraft({ ...draft, dateFormat: value });
          }}
          options={DATE_FORMATS.map((f) => ({ value: f, label: `${f} (${makeFormatters({ ...draft, dateFormat: f }, format.locale).date(format.today())})` }))}
        />
        <div className="field">
          <span className="field__label" aria-hidden="true">
            {t('account.profile.display.clock')}
          </span>
          <Segmented label={t('account.profile.display.clock')} options={CLOCKS.map((c) => ({ value: c.value, label: t(c.label) }))} value={draft.use24Hour ? '24h' : '12h'} onChange={(v) => setDraft({ ...draft, use24Hour: v === '24h', timeFormat: v })} />
        </div>
        <p className="muted profile-preview" aria-live="polite">
          {t('account.profile.display.preview', { date: preview.date(preview.today()), time: preview.time(now) })}
        </p>
        <div className="form__row form__row--end">
          <Button type="submit" isLoading={saving} disabled={!changed || rows.status === 'loading'}>
            {t('account.profile.display.save')}
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
  const t = useT();
  const format = useFormat();
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
        if (mine) setRefused(t('account.profile.business.failure', { what: t(mine.op === 'create' ? 'account.profile.business.createFailed' : 'account.profile.business.updateFailed'), reason: mine.error }));
      }),
    [runtime, t],
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
    if (saved.ok) toast({ title: t('account.profile.business.saved'), description: t('account.profile.business.savedText'), variant: 'success' });
  };
  const failure = writeFailure ? t('account.profile.business.failure', { what: t(stored ? 'account.profile.business.updateFailed' : 'account.profile.business.createFailed'), reason: writeFailure }) : refused;

  return (
    <Card>
      <CardHeader title={t('account.profile.business.title')} description={t('account.profile.business.description')} />
      {profile.status === 'loading' ? <SkeletonRows rows={3} columns={2} /> : null}
      {profile.status === 'error' ? <ErrorState title={t('account.profile.business.checkFailed')} error={profile.error} onRetry={profile.retry} /> : null}
      {profile.status === 'success' ? (
        <form className="form" onSubmit={(e) => void save(e)} noValidate>
          {failure ? <FormMessage>{failure}</FormMessage> : null}
          {!stored ? <FormMessage tone="info">{t('account.profile.business.none')}</FormMessage> : null}
          <Input label={t('account.profile.business.companyName')} value={draft.company_name} onChange={(e) => setDraft({ ...draft, company_name: e.target.value })} error={errors.company_name} autoComplete="organization" maxLength={500} />
          <Input label={t('account.profile.business.phone')} type="tel" value={draft.phone_number} onChange={(e) => setDraft({ ...draft, phone_number: e.target.value })} error={errors.phone_number} autoComplete="tel" />
          <Input label={t('account.profile.business.address')} value={draft.address} onChange={(e) => setDraft({ ...draft, address: e.target.value })} error={errors.address} autoComplete="street-address" maxLength={500} />
          {stored ? (
            <dl className="details details--row">
              <div>
                <dt>{t('account.profile.business.accountStatus')}</dt>
                <dd>
                  <StatusBadge status={stored.account_status} />
                </dd>
              </div>
              <div>
                <dt>{t('account.profile.business.properties')}</dt>
                <dd>{format.number(stored.properties_count)}</dd>
              </div>
              <div>
                <dt>{t('account.profile.business.bookings')}</dt>
                <dd>{format.number(stored.total_bookings)}</dd>
              </div>
            </dl>
          ) : null}
          <div className="form__row form__row--end">
            <Button type="submit" isLoading={saving}>
              {t('account.profile.business.save')}
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
  const t = useT();
  const online = useOnlineOnly(t('account.profile.password.onlineWhat'));
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
      toast({ title: t('account.profile.password.changed'), description: t('account.profile.password.changedText'), variant: 'success' });
    } catch (error) {
      setErrors(placePasswordError(localErrorText(error, 'account.profile.password.failed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader title={t('account.profile.password.title')} />
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <OnlineOnlyNote state={online} />
        {errors.form ? <FormMessage>{errors.form}</FormMessage> : null}
        <Input label={t('account.profile.password.current')} type="password" autoComplete="current-password" value={fields.currentPassword} onChange={(e) => setFields({ ...fields, currentPassword: e.target.value })} error={errors.currentPassword} />
        <Input label={t('account.profile.password.new')} type="password" autoComplete="new-password" value={fields.newPassword} onChange={(e) => setFields({ ...fields, newPassword: e.target.value })} error={errors.newPassword} hint={t('account.profile.errors.minLength', { min: MIN_PASSWORD_LENGTH })} />
        <Input label={t('account.profile.password.again')} type="password" autoComplete="new-password" value={fields.confirmPassword} onChange={(e) => setFields({ ...fields, confirmPassword: e.target.value })} error={errors.confirmPassword} />
        <div className="form__row form__row--end">
          <Button type="submit" isLoading={saving} disabled={!online.available}>
            {t('account.profile.password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Her staff row at the current host (each host keeps its own), with the switch when she works for several. */
function StaffProfileCard({ user }: { user: SessionUser }) {
  const format = useFormat();
  const t = useT();
  const staffId = user.staffId;
  const hostName = (user.staffHosts?.length ?? 0) > 1 ? user.staffHosts?.find((h) => h.staffId === staffId)?.hostName : undefined;
  const staff = useRows(TABLE.housekeeping_staff, { PageSize: 1, Filters: staffId ? [{ name: 'id', op: 'Equal', value: staffId }] : [] });
  // Typed as her device receives it (shared/device-fields.ts): no field beyond those is read here.
  const me: OwnStaffRow | undefined = staff.status === 'success' ? staff.rows[0] : undefined;
  return (
    <Card>
      <CardHeader title={t('account.profile.work.title')} description={hostName ? t('account.profile.work.onRecord', { host: hostName }) : undefined} />
      <HostSwitch user={user} />
      {staff.status === 'loading' ? <SkeletonRows rows={3} columns={2} /> : null}
      {staff.status === 'error' ? <ErrorState error={staff.error} onRetry={staff.retry} /> : null}
      {staff.status === 'success' && !me ? <p className="muted">{t('account.profile.work.notLinked')}</p> : null}
      {me ? (
        <>
          <dl className="details">
            <div>
              <dt>{t('account.profile.work.phone')}</dt>
              <dd>{me.staff_phone || t('account.profile.none')}</dd>
            </div>
            <div>
              <dt>{t('account.profile.work.specializations')}</dt>
              <dd>{me.specializations.map(humanize).join(', ') || t('account.profile.none')}</dd>
            </div>
            <div>
              <dt>{t('account.profile.work.since')}</dt>
              <dd>{me.hire_date ? format.date(me.hire_date) : t('account.profile.none')}</dd>
            </div>
            <div>
              <dt>{t('account.profile.work.emergencyContact')}</dt>
              <dd>{me.emergency_contact || t('account.profile.none')}</dd>
            </div>
          </dl>
          <h3 className="section-title">{t('account.profile.work.availability')}</h3>
          <ul className="availability">
            {WEEKDAYS.map((day) => {
              const slot = me.availability_schedule[day];
              return (
                <li key={day}>
                  <span className="availability__day">{format.weekday(day)}</span>
                  <span>{!slot || slot === 'off' ? t('account.profile.work.off') : t('account.profile.work.hours', { start: format.time(slot.start), end: format.time(slot.end) })}</span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

const PUSH_TEXT: Partial<Record<string, MessageId>> = { host: 'account.profile.push.host', staff: 'account.profile.push.staff' };

export function ProfilePage() {
  const user = useCurrentUser();
  const t = useT();
  const push = PUSH_TEXT[user.Role];
  return (
    <Page title={t('account.profile.title')} description={t('account.profile.description')}>
      <div className="grid-2 profile-page">
        <AccountCard />
        {user.Role === 'host' ? <HostProfileCard /> : null}
        {user.Role === 'staff' ? <StaffProfileCard user={user} /> : null}
        <DisplayCard />
        <PasswordCard />
        <TwoStepSection />
        <SessionsCard />
        {user.Role === 'host' ? <DataExportCard /> : null}
        <PushSubscriptionCard description={push ? t(push) : undefined} />
        <StorageCard />
      </div>
    </Page>
  );
}
