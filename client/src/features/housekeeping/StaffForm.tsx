/** Add or edit a housekeeper: every field of a staff member, availability per weekday with hours or off. */
import { useState, type FormEvent } from 'react';
import { STAFF_STATUSES, WEEKDAYS } from '../../../../shared/enums';
import type { Staff } from '../../data/tables';
import { Dialog } from '../../components/ui/Dialog';
import { Button } from '../../components/ui/Button';
import { Input, Select } from '../../components/ui/Input';
import { useToast } from '../../components/ui/Toast';
import { useWrite } from '../../data/use-write';
import { minutesOf } from '../tasks';
import { parseList, saveStaff, type StaffFields } from './mutations';
import { DEFAULT_CURRENCY, currencyOptions, roundToCurrency } from '../../../../shared/money';
import { currencyLabel } from '../../../../shared/format/money';
import { useFormat } from '../../lib/display';
import { useT } from '../../i18n/use-t';

type DayDraft = { works: boolean; start: string; end: string };

function draftOf(staff: Staff | null) {
  const schedule = staff?.availability_schedule ?? {};
  const days = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const slot = schedule[day];
      if (staff === null) return [day, { works: day !== 'saturday' && day !== 'sunday', start: '09:00', end: '17:00' }];
      return [day, slot && slot !== 'off' ? { works: true, start: slot.start, end: slot.end } : { works: false, start: '09:00', end: '17:00' }];
    }),
  ) as Record<(typeof WEEKDAYS)[number], DayDraft>;
  return {
    staff_name: staff?.staff_name ?? '',
    staff_email: staff?.staff_email ?? '',
    staff_phone: staff?.staff_phone ?? '',
    specializations: (staff?.specializations ?? []).join(', '),
    hourly_rate: staff ? String(staff.hourly_rate) : '',
    // The platform default for a new staff member, as the server's; a row synced before staff had a currency was in it.
    currency: staff?.currency || DEFAULT_CURRENCY,
    status: (staff?.status ?? 'active') as StaffFields['status'],
    hire_date: staff?.hire_date ?? '',
    emergency_contact: staff?.emergency_contact ?? '',
    days,
  };
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function StaffForm({ open, staff, onClose }: { open: boolean; staff: Staff | null; onClose: () => void }) {
  return open ? <StaffFormDialog staff={staff} onClose={onClose} /> : null;
}

function StaffFormDialog({ staff, onClose }: { staff: Staff | null; onClose: () => void }) {
  const { write, pending: saving } = useWrite();
  const { toast } = useToast();
  const t = useT();
  const format = useFormat();
  const [draft, setDraft] = useState(() => draftOf(staff));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setDay = (day: (typeof WEEKDAYS)[number], patch: Partial<DayDraft>) => setDraft((d) => ({ ...d, days: { ...d.days, [day]: { ...d.days[day], ...patch } } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!draft.staff_name.trim()) found.staff_name = t('host.housekeeping.form.enterName');
    if (draft.staff_email.trim() && !EMAIL_RE.test(draft.staff_email.trim())) found.staff_email = t('host.housekeeping.staffForm.emailError');
    const rate = draft.hourly_rate.trim() === '' ? 0 : Number(draft.hourly_rate);
    if (!Number.isFinite(rate) || rate < 0) found.hourly_rate = t('host.housekeeping.form.amountError');
    for (const day of WEEKDAYS) {
      const d = draft.days[day];
      if (!d.works) continue;
      const start = minutesOf(d.start);
      const end = minutesOf(d.end);
      if (start === null || end === null || end <= start) found[day] = t('host.housekeeping.staffForm.endAfterStart', { weekday: format.weekday(day) });
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const fields: StaffFields = {
      staff_name: draft.staff_name.trim(),
      staff_email: draft.staff_email.trim().toLowerCase(),
      staff_phone: draft.staff_phone.trim(),
      specializations: parseList(draft.specializations),
      availability_schedule: Object.fromEntries(WEEKDAYS.map((day) => [day, draft.days[day].works ? { start: draft.days[day].start, end: draft.days[day].end } : 'off'])),
      currency: draft.currency,
      hourly_rate: roundToCurrency(rate, draft.currency),
      status: draft.status,
      hire_date: draft.hire_date || null,
      emergency_contact: draft.emergency_contact.trim(),
    };
    const saved = await write(saveStaff(staff?.id ?? null, fields));
    if (!saved.ok) return;
    toast({ title: staff ? t('host.housekeeping.staffForm.saved') : t('host.housekeeping.staffForm.added'), description: fields.staff_name, variant: 'success' });
    onClose();
  };

  const formId = 'staff-form';
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={staff ? t('host.housekeeping.editNamed', { name: staff.staff_name }) : t('host.housekeeping.staff.add')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('host.common.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={saving}>
            {staff ? t('host.housekeeping.form.save') : t('host.housekeeping.staff.add')}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="hk-grid">
          <Input label={t('host.housekeeping.staff.name')} required value={draft.staff_name} error={errors.staff_name} onChange={(e) => set('staff_name', e.target.value)} autoComplete="off" />
          <Input label={t('host.housekeeping.staffForm.email')} type="email" value={draft.staff_email} error={errors.staff_email} hint={t('host.housekeeping.staffForm.emailHint')} onChange={(e) => set('staff_email', e.target.value)} autoComplete="off" />
          <Input label={t('host.housekeeping.staff.phone')} type="tel" value={draft.staff_phone} onChange={(e) => set('staff_phone', e.target.value)} />
          <Input label={t('host.housekeeping.staffForm.hourlyRate', { currency: draft.currency })} inputMode="decimal" value={draft.hourly_rate} error={errors.hourly_rate} onChange={(e) => set('hourly_rate', e.target.value)} />
          <Select
            label={t('host.housekeeping.staffForm.currency')}
            value={draft.currency}
            hint={t('host.housekeeping.staffForm.currencyHint')}
            options={currencyOptions(draft.currency).map((c) => ({ value: c, label: currencyLabel(c, format.locale) }))}
            onChange={(e) => set('currency', e.target.value)}
          />
          <Select label={t('host.housekeeping.field.status')} value={draft.status} options={STAFF_STATUSES.map((s) => ({ value: s, label: t('host.enum.staffStatus', { value: s }) }))} onChange={(e) => set('status', e.target.value as StaffFields['status'])} />
          <Input label={t('host.housekeeping.staffForm.hireDate')} type="date" value={draft.hire_date} onChange={(e) => set('hire_date', e.target.value)} />
        </div>
        <Input label={t('host.housekeeping.staff.specializations')} hint={t('host.housekeeping.staffForm.specializationsHint')} value={draft.specializations} onChange={(e) => set('specializations', e.target.value)} />
        <Input label={t('host.housekeeping.staffForm.emergencyContact')} value={draft.emergency_contact} onChange={(e) => set('emergency_contact', e.target.value)} />
        <fieldset className="hk-week">
          <legend className="field__label">{t('host.housekeeping.staff.availability')}</legend>
          {WEEKDAYS.map((day) => {
            const d = draft.days[day];
            return (
              <div key={day} className="hk-week__day">
                <label className="hk-week__works">
                  <input type="checkbox" checked={d.works} onChange={(e) => setDay(day, { works: e.target.checked })} />
                  <span>{format.weekday(day)}</span>
                </label>
                {d.works ? (
                  <>
                    <label className="visually-hidden" htmlFor={`${day}-start`}>
                      {t('host.housekeeping.staffForm.dayStart', { weekday: format.weekday(day) })}
                    </label>
                    <input id={`${day}-start`} className="field__control" type="time" value={d.start} onChange={(e) => setDay(day, { start: e.target.value })} />
                    <span aria-hidden="true">–</span>
                    <label className="visually-hidden" htmlFor={`${day}-end`}>
                      {t('host.housekeeping.staffForm.dayEnd', { weekday: format.weekday(day) })}
                    </label>
                    <input id={`${day}-end`} className="field__control" type="time" value={d.end} onChange={(e) => setDay(day, { end: e.target.value })} />
                  </>
                ) : (
                  <span className="muted">{t('host.housekeeping.off')}</span>
                )}
                {errors[day] ? <p className="field__error hk-week__error">{errors[day]}</p> : null}
              </div>
            );
          })}
        </fieldset>
      </form>
    </Dialog>
  );
}
