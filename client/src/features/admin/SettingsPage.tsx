import { TABLE, type PlatformSetting } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Badge } from '../../components/ui/Badge';
import { Table } from '../../components/ui/Table';
import { Tabs } from '../../components/ui/Tabs';
import { EmptyState } from '../../components/ui/States';
import { DataView } from '../../components/data-view';
import { SETTING_CATEGORIES } from '../../../../shared/enums';

const CATEGORY_LABEL: Record<(typeof SETTING_CATEGORIES)[number], string> = { commission: 'Commission', general: 'General', smtp: 'E-mail (SMTP)' };

function SettingValue({ s }: { s: PlatformSetting & { setting_value_set?: boolean } }) {
  if (s.is_encrypted) return <Badge tone={s.setting_value_set || s.setting_value ? 'success' : 'neutral'}>{s.setting_value_set || s.setting_value ? 'Set (hidden)' : 'Not set'}</Badge>;
  if (s.setting_type === 'boolean') return <Badge tone={s.setting_value === 'true' ? 'success' : 'neutral'}>{s.setting_value === 'true' ? 'On' : 'Off'}</Badge>;
  return <code className="value">{s.setting_value || '—'}</code>;
}

/** Platform settings by category (super admins own them), read in one page of 100. */
export function AdminSettingsPage() {
  const result = useRows(TABLE.platform_settings, { PageSize: 100, OrderByField: 'setting_key', IsAsc: true });
  return (
    <Page title="Settings" description="Platform-wide defaults: commission, general display settings and outgoing e-mail.">
      <Card>
        <DataView result={result} empty={{ title: 'No platform settings yet' }}>
          {(rows) => (
            <Tabs
              label="Setting categories"
              items={SETTING_CATEGORIES.map((category) => {
                const list = rows.filter((r) => r.category === category);
                return {
                  id: category,
                  label: CATEGORY_LABEL[category],
                  content: list.length ? (
                    <Table
                      caption={`${CATEGORY_LABEL[category]} settings`}
                      rows={list}
                      rowKey={(s) => s.id}
                      columns={[
                        {
                          key: 'name',
                          header: 'Setting',
                          render: (s) => (
                            <div className="cell-stack">
                              <span className="cell-strong">{s.setting_name || s.setting_key}</span>
                              {s.description ? <span className="cell-muted">{s.description}</span> : null}
                            </div>
                          ),
                        },
                        { key: 'value', header: 'Value', render: (s) => <SettingValue s={s} /> },
                        { key: 'key', header: 'Key', secondary: true, render: (s) => <code>{s.setting_key}</code> },
                      ]}
                    />
                  ) : (
                    <EmptyState title={`No ${CATEGORY_LABEL[category].toLowerCase()} settings`} />
                  ),
                };
              })}
            />
          )}
        </DataView>
      </Card>
    </Page>
  );
}
