/** Add or edit a housekeeper: every field of a staff member, availability per weekday with hours or off. */
import { useState, type FormEvent } from 'react';
import { STAFF_STATUSES, WEEKDAYS } from '../../../../shared/enums';
import type { Staff } from '../../data/tables';
import { Dialog } from '../../components/ui/Dialog';
import { Button } from '../../components/ui/Button';
import { Input, Select } from '../../components/ui/Input';
import { humanize } from '../../components/ui/Badge';
import { useToast } from '../../components/ui/Toast';
import { useWrite } from '../../data/use-write';
import { minutesOf } from '../tasks';
import { parseList, saveStaff, type StaffFields } from './mutations';
import { DEFAULT_CURRENCY, currencyOptions, roundToCurrency } from '../../../../shared/money';
import { currencyLabel } from '../../../../shared/format/money';

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
  const [draft, setDraft] = useState(() => draftOf(staff));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setDay = (day: (typeof WEEKDAYS)[number], patch: Partial<DayDraft>) => setDraft((d) => ({ ...d, days: { ...d.days, [day]: { ...d.days[day], ...patch } } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!draft.staff_name.trim()) found.staff_name = 'Enter a name.';
    if (draft.staff_email.trim() && !EMAIL_RE.test(draft.staff_email.trim())) found.staff_email = 'Enter an e-mail address like name@example.com.';
    const rate = draft.hourly_rate.trim() === '' ? 0 : Number(draft.hourly_rate);
    if (!Number.isFinite(rate) || rate < 0) found.hourly_rate = 'Enter an amount of 0 or more.';
    for (const day of WEEKDAYS) {
      const d = draft.days[day];
      if (!d.works) continue;
      const start = minutesOf(d.start);
      const end = minutesOf(d.end);
      if (start === null || end === null || end <= start) found[day] = `${humanize(day)}: the end must be after the start.`;
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
    toast({ title: staff ? 'Staff member saved' : 'Staff member added', description: fields.staff_name, variant: 'success' });
    onClose();
  };

  const formId = 'staff-form';
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={staff ? `Edit ${staff.staff_name}` : 'Add staff member'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={saving}>
            {staff ? 'Save' : 'Add staff member'}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="hk-grid">
          <Input label="Name" required value={draft.staff_name} error={errors.staff_name} onChange={(e) => set('staff_name', e.target.value)} autoComplete="off" />
          <Input label="E-mail" type="email" value={draft.staff_email} error={errors.staff_email} hint="Needed to invite them to sign in." onChange={(e) => set('staff_email', e.target.value)} autoComplete="off" />
          <Input label="Phone" type="tel" value={draft.staff_phone} onChange={(e) => set('staff_phone', e.target.value)} />
          <Input label={`Hourly rate (${draft.currency})`} inputMode="decimal" value={draft.hourly_rate} error={errors.hourly_rate} onChange={(e) => set('hourly_rate', e.target.value)} />
          <Select
            label="Currency"
            value={draft.currency}
            hint="The currency of the hourly rate."
            options={currencyOptions(draft.currency).map((c) => ({ value: c, label: currencyLabel(c) }))}
            onChange={(e) => set('currency', e.target.value)}
          />
          <Select label="Status" value={draft.status} options={STAFF_STATUSES.map((s) => ({ value: s, label: humanize(s) }))} onChange={(e) => set('status', e.target.value as StaffFields['status'])} />
          <Input label="Hire date" type="date" value={draft.hire_date} onChange={(e) => set('hire_date', e.target.value)} />
        </div>
        <Input label="Specializations" hint="Separate with commas, e.g. Turnover cleaning, Laundry" value={draft.specializations} onChange={(e) => set('specializations', e.target.value)} />
        <Input label="Emergency contact" value={draft.emergency_contact} onChange={(e) => set('emergency_contact', e.target.value)} />
        <fieldset className="hk-week">
          <legend className="field__label">Availability</legend>
          {WEEKDAYS.map((day) => {
            const d = draft.days[day];
            return (
              <div key={day} className="hk-week__day">
                <label className="hk-week__works">
                  <input type="checkbox" checked={d.works} onChange={(e) => setDay(day, { works: e.target.checked })} />
                  <span>{humanize(day)}</span>
                </label>
                {d.works ? (
                  <>
                    <label className="visually-hidden" htmlFor={`${day}-start`}>
                      {humanize(day)} start
                    </label>
                    <input id={`${day}-start`} className="field__control" type="time" value={d.start} onChange={(e) => setDay(day, { start: e.target.value })} />
                    <span aria-hidden="true">–</span>
                    <label className="visually-hidden" htmlFor={`${day}-end`}>
                      {humanize(day)} end
                    </label>
                    <input id={`${day}-end`} className="field__control" type="time" value={d.end} onChange={(e) => setDay(day, { end: e.target.value })} />
                  </>
                ) : (
                  <span className="muted">Off</span>
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
