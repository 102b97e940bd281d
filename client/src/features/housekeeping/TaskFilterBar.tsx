import { PRIORITY_LEVELS, TASK_STATUSES } from '../../../../shared/enums';
import type { Property, Staff } from '../../data/tables';
import { Button } from '../../components/ui/Button';
import { Input, Select } from '../../components/ui/Input';
import { humanize } from '../../components/ui/Badge';
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
  const set = (patch: Partial<TaskFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="hk-filters" role="group" aria-label="Filter tasks">
      <Select label="Property" value={filters.propertyId} options={[{ value: '', label: 'All properties' }, ...properties.map((p) => ({ value: p.id, label: p.property_name }))]} onChange={(e) => set({ propertyId: e.target.value })} />
      <Select
        label="Staff"
        value={filters.staffId}
        options={[{ value: '', label: 'Everyone' }, { value: 'unassigned', label: 'Unassigned' }, ...staff.map((s) => ({ value: s.id, label: s.staff_name }))]}
        onChange={(e) => set({ staffId: e.target.value })}
      />
      <Select label="Priority" value={filters.priority} options={[{ value: '', label: 'Any priority' }, ...PRIORITY_LEVELS.map((p) => ({ value: p, label: humanize(p) }))]} onChange={(e) => set({ priority: e.target.value })} />
      <Select label="Status" value={filters.status} options={[{ value: '', label: 'Any status' }, ...TASK_STATUSES.map((s) => ({ value: s, label: humanize(s) }))]} onChange={(e) => set({ status: e.target.value })} />
      {showDay ? <Input label="Date" type="date" value={filters.day} onChange={(e) => set({ day: e.target.value })} /> : null}
      {activeFilterCount(filters) ? (
        <Button variant="ghost" className="hk-filters__clear" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
