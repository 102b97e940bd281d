/**
 * Platform settings by category (commission, general, SMTP). Super admins edit them in place,
 * each with the control of its type and checked with the server's rules before it is written;
 * admins read them. Plain values are written through the outbox like every row; an encrypted
 * value (the SMTP password) is sent to the server only (the table API), so that it never rests on
 * the device: it reads "Set" or "Not set". The SMTP card sends a test e-mail with the saved settings.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { DATE_FORMATS, SETTING_CATEGORIES } from '../../../../shared/enums';
import { TIME_FORMAT_SETTINGS } from '../../../../shared/platform-settings';
import { PLATFORM_SETTINGS } from '../../../../shared/platform-defaults';
import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useWrite } from '../../data/use-write';
import { apiRequest, errorText } from '../../api/http';
import { useSyncRuntime } from '../../sync/sync-context';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Checkbox, FormMessage } from '../../components/ui/Field';
import { Input, Select } from '../../components/ui/Input';
import { Table } from '../../components/ui/Table';
import { Tabs } from '../../components/ui/Tabs';
import { EmptyState } from '../../components/ui/States';
import { useToast } from '../../components/ui/Toast';
import { DataView } from '../../components/data-view';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';
import './platform.css';
import { changedSettings, emailTestToast, initialDrafts, isSecretSet, settingErrors, smtpUsable, type SettingDrafts, type SettingRow } from './settings-form';

type Category = (typeof SETTING_CATEGORIES)[number];
const CATEGORY_LABEL: Record<Category, MessageId> = { commission: 'admin.settings.commission', general: 'admin.settings.general', smtp: 'admin.settings.smtp' };
const SAVE_LABEL: Record<Category, MessageId> = { commission: 'admin.settings.saveCommission', general: 'admin.settings.saveGeneral', smtp: 'admin.settings.saveSmtp' };

/** Settings in the order the platform defines them (shared/platform-defaults.ts), others after by key. */
const DEFAULT_ORDER = new Map(PLATFORM_SETTINGS.map((s, i) => [s.setting_key, i]));
function byPlatformOrder(a: SettingRow, b: SettingRow): number {
  const x = DEFAULT_ORDER.get(a.setting_key) ?? Number.MAX_SAFE_INTEGER;
  const y = DEFAULT_ORDER.get(b.setting_key) ?? Number.MAX_SAFE_INTEGER;
  return x - y || a.setting_key.localeCompare(b.setting_key);
}

/** Settings whose value is one of a list. */
const CHOICES: Readonly<Record<string, readonly string[]>> = { date_format: DATE_FORMATS, time_format: TIME_FORMAT_SETTINGS };

function SettingValue({ s }: { s: SettingRow }) {
  const t = useT();
  if (s.is_encrypted) return <Badge tone={isSecretSet(s) ? 'success' : 'neutral'}>{isSecretSet(s) ? t('admin.settings.set') : t('admin.settings.notSet')}</Badge>;
  if (s.setting_type === 'boolean') return <Badge tone={s.setting_value === 'true' ? 'success' : 'neutral'}>{s.setting_value === 'true' ? t('admin.common.on') : t('admin.common.off')}</Badge>;
  return <code className="value">{s.setting_value || '—'}</code>;
}

function SettingName({ s }: { s: SettingRow }) {
  return (
    <div className="cell-stack">
      <span className="cell-strong">{s.setting_name || s.setting_key}</span>
      {s.description ? <span className="cell-muted">{s.description}</span> : null}
    </div>
  );
}

/** What an admin sees: the values, no controls. */
function ReadOnlySettings({ category, rows }: { category: Category; rows: SettingRow[] }) {
  const t = useT();
  return (
    <Table
      caption={t('admin.settings.categorySettings', { category })}
      rows={rows}
      rowKey={(s) => s.id}
      columns={[
        { key: 'name', header: t('admin.settings.setting'), render: (s) => <SettingName s={s} /> },
        { key: 'value', header: t('admin.settings.value'), render: (s) => <SettingValue s={s} /> },
        { key: 'key', header: t('admin.settings.key'), secondary: true, render: (s) => <code>{s.setting_key}</code> },
      ]}
    />
  );
}

function SettingControl({ s, value, error, onChange }: { s: SettingRow; value: string; error?: string; onChange: (value: string) => void }) {
  const t = useT();
  const label = s.setting_name || s.setting_key;
  const hint = s.description || undefined;
  if (s.setting_type === 'boolean') return <Checkbox label={label} hint={hint} error={error} checked={value === 'true'} onCheckedChange={(on) => onChange(on ? 'true' : 'false')} />;
  const choices = CHOICES[s.setting_key];
  if (choices) return <Select label={label} hint={hint} error={error} value={value} onChange={(e) => onChange(e.target.value)} options={choices.map((c) => ({ value: c, label: c }))} />;
  if (s.is_encrypted) {
    return (
      <div className="settings-secret">
        <Input
          label={label}
          hint={`${hint ? `${hint} ` : ''}${t('admin.settings.secretHint', { set: isSecretSet(s) ? 'yes' : 'no' })}`}
          error={error}
          type="password"
          autoComplete="new-password"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <Badge tone={isSecretSet(s) ? 'success' : 'neutral'}>{isSecretSet(s) ? t('admin.settings.set') : t('admin.settings.notSet')}</Badge>
      </div>
    );
  }
  return <Input label={label} hint={hint} error={error} inputMode={s.setting_type === 'number' ? 'decimal' : undefined} value={value} onChange={(e) => onChange(e.target.value)} />;
}

/** One category's settings as a form: every changed value is checked, then written. */
function SettingsForm({ category, rows }: { category: Category; rows: SettingRow[] }) {
  const t = useT();
  const runtime = useSyncRuntime();
  const { toast } = useToast();
  const { write, pending, failure } = useWrite({ what: t('admin.settings.what'), toast: false });
  const secretOnline = useOnlineOnly(t('admin.settings.secretWhat'));
  // Only what was typed is kept: the rest follows the stored values (another device, a pull).
  const [edits, setEdits] = useState<SettingDrafts>({});
  const [checked, setChecked] = useState(false);
  const [sendingSecret, setSendingSecret] = useState(false);
  const [secretFailure, setSecretFailure] = useState<string | null>(null);
  const stored = useMemo(() => initialDrafts(rows), [rows]);
  const drafts = { ...stored, ...edits };

  const changes = changedSettings(rows, drafts);
  const errors = checked ? settingErrors(rows, drafts) : {};
  const hasSecretChange = changes.some((c) => c.row.is_encrypted);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setSecretFailure(null);
    if (Object.keys(settingErrors(rows, drafts)).length > 0) return;
    const plain = changes.filter((c) => !c.row.is_encrypted);
    const secret = changes.filter((c) => c.row.is_encrypted);
    if (secret.length > 0 && !secretOnline.available) return;
    if (plain.length > 0) {
      const saved = await write(plain.map((c) => ({ table: TABLE.platform_settings, op: 'update' as const, rowId: c.row.id, fields: { setting_value: c.value } })));
      if (!saved.ok) return;
    }
    if (secret.length > 0) {
      setSendingSecret(true);
      try {
        for (const c of secret) await apiRequest(`/api/table/${TABLE.platform_settings}/update`, { body: { ID: c.row.id, setting_value: c.value } });
        void runtime.syncNow();
      } catch (error) {
        setSecretFailure(errorText(error, t('admin.settings.secretFailed')));
        return;
      } finally {
        setSendingSecret(false);
      }
    }
    setEdits({});
    setChecked(false);
    toast({ title: t('admin.settings.saved'), description: t('admin.settings.savedText', { category }), variant: 'success' });
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void save(e)} aria-label={t('admin.settings.categorySettings', { category })}>
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      {secretFailure ? <FormMessage>{secretFailure}</FormMessage> : null}
      {rows.map((s) => (
        <SettingControl key={s.id} s={s} value={drafts[s.id] ?? ''} error={errors[s.id]} onChange={(value) => setEdits((e) => ({ ...e, [s.id]: value }))} />
      ))}
      {hasSecretChange ? <OnlineOnlyNote state={secretOnline} /> : null}
      <div className="form__row form__row--end">
        <Button type="button" variant="ghost" disabled={changes.length === 0 || pending || sendingSecret} onClick={() => {
            setEdits({});
            setChecked(false);
          }}>
          {t('admin.settings.discard')}
        </Button>
        <Button type="submit" isLoading={pending || sendingSecret} disabled={changes.length === 0}>
          {t(SAVE_LABEL[category])}
        </Button>
      </div>
    </form>
  );
}

/** The test e-mail of the SMTP card (POST /api/email/test), with the toasts of spec §8. */
function TestEmail({ rows }: { rows: SettingRow[] }) {
  const user = useCurrentUser();
  const t = useT();
  const { toast } = useToast();
  const online = useOnlineOnly(t('admin.settings.testWhat'));
  const [to, setTo] = useState(user.Email);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to.trim())) {
      setError(t('admin.settings.testEmailRequired'));
      return;
    }
    setError(undefined);
    if (!smtpUsable(rows)) {
      toast(emailTestToast('not-configured'));
      return;
    }
    setSending(true);
    try {
      await apiRequest('/api/email/test', { body: { to: to.trim() } });
      toast(emailTestToast('sent'));
    } catch (err) {
      toast(emailTestToast({ error: err }));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card>
      <CardHeader title={t('admin.settings.sendTest')} description={t('admin.settings.testDescription')} level={3} />
      <OnlineOnlyNote state={online} />
      <form className="form form__row settings-test" noValidate onSubmit={(e) => void send(e)}>
        <Input label={t('admin.settings.sendTo')} type="email" autoComplete="email" value={to} error={error} onChange={(e) => setTo(e.target.value)} />
        <Button type="submit" variant="secondary" isLoading={sending} disabled={!online.available}>
          {t('admin.settings.sendTest')}
        </Button>
      </form>
    </Card>
  );
}

/** Platform settings by category (super admins own them), read in one page of 100. */
export function AdminSettingsPage() {
  const user = useCurrentUser();
  const t = useT();
  const canEdit = user.Role === 'super_admin';
  const result = useRows(TABLE.platform_settings, { PageSize: 100, OrderByField: 'setting_key', IsAsc: true });
  return (
    <Page title={t('admin.settings.title')} description={t('admin.settings.description')}>
      {canEdit ? null : <FormMessage tone="info">{t('admin.settings.readOnly')}</FormMessage>}
      <Card>
        <DataView result={result} empty={{ title: t('admin.settings.empty') }}>
          {(all) => {
            const rows = all as SettingRow[];
            return (
              <Tabs
                label={t('admin.settings.categories')}
                items={SETTING_CATEGORIES.map((category) => {
                  const list = rows.filter((r) => r.category === category).sort(byPlatformOrder);
                  return {
                    id: category,
                    label: t(CATEGORY_LABEL[category]),
                    content: (
                      <div className="platform-stack">
                        {list.length === 0 ? (
                          <EmptyState title={t('admin.settings.noneInCategory', { category })} />
                        ) : canEdit ? (
                          <SettingsForm category={category} rows={list} />
                        ) : (
                          <ReadOnlySettings category={category} rows={list} />
                        )}
                        {category === 'smtp' ? <TestEmail rows={list} /> : null}
                      </div>
                    ),
                  };
                })}
              />
            );
          }}
        </DataView>
      </Card>
    </Page>
  );
}
