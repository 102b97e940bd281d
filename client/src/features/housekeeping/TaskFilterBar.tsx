import { PRIORITY_LEVELS, TASK_STATUSES } from '../../../../shared/enums';
import type { Property, Staff } from '../../data/tables';
import { Button } from '../../components/ui/Button';
import { Input, Select } from '../../components/ui/Input';
import { useT } from '../../i18n/use-t';
import { useTaskLabels } from '../tasks';
import { NO_FILTERS, activeFilterCount, type TaskFilters } from './task-filters';

/** Property, staff, priority, status and day filters, shared by the list, board and schedule. */
export function TaskFilterBar({
  filters,
  onChange,
  properties,
  staff,
  showDay = true,
}: {
  filters: TaskFilters;
  onChange: (filters: TaskFilters) => void;
  properties: readonly Property[];
  staff: readonly Staff[];
  showDay?: boolean;
}) {
  const t = useT();
  const labels = useTaskLabels();
  const set = (patch: Partial<TaskFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="hk-filters" role="group" aria-label={t('host.housekeeping.filter.label')}>
      <Select label={t('host.housekeeping.field.property')} value={filters.propertyId} options={[{ value: '', label: t('host.common.allProperties') }, ...properties.map((p) => ({ value: p.id, label: p.property_name }))]} onChange={(e) => set({ propertyId: e.target.value })} />
      <Select
        label={t('host.housekeeping.field.staff')}
        value={filters.staffId}
        options={[{ value: '', label: t('host.housekeeping.filter.everyone') }, { value: 'unassigned', label: t('task.unassigned') }, ...staff.map((s) => ({ value: s.id, label: s.staff_name }))]}
        onChange={(e) => set({ staffId: e.target.value })}
      />
      <Select label={t('host.housekeeping.field.priority')} value={filters.priority} options={[{ value: '', label: t('host.housekeeping.filter.anyPriority') }, ...PRIORITY_LEVELS.map((p) => ({ value: p, label: labels.priority(p) }))]} onChange={(e) => set({ priority: e.target.value })} />
      <Select label={t('host.housekeeping.field.status')} value={filters.status} options={[{ value: '', label: t('host.housekeeping.filter.anyStatus') }, ...TASK_STATUSES.map((s) => ({ value: s, label: labels.status(s) }))]} onChange={(e) => set({ status: e.target.value })} />
      {showDay ? <Input label={t('host.housekeeping.filter.date')} type="date" value={filters.day} onChange={(e) => set({ day: e.target.value })} /> : null}
      {activeFilterCount(filters) ? (
        <Button variant="ghost" className="hk-filters__clear" onClick={() => onChange(NO_FILTERS)}>
          {t('host.common.clearAllFilters')}
        </Button>
      ) : null}
    </div>
  );
}
