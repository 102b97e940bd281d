export { Badge, StatusBadge, humanize, statusTone, type BadgeTone } from './Badge';
export { Button, type ButtonProps } from './Button';
export { Card, CardBody, CardHeader, StatCard } from './Card';
export { Dialog, type DialogProps } from './Dialog';
export {
  Checkbox,
  CheckboxGroup,
  DateInput,
  Field,
  FormMessage,
  NumberInput,
  Segmented,
  Textarea,
  type CheckboxGroupProps,
  type CheckboxProps,
  type DateInputProps,
  type FieldBaseProps,
  type FieldControlProps,
  type FieldProps,
  type NumberInputProps,
  type SegmentedProps,
  type TextareaProps,
} from './Field';
export { Input, Select, type InputProps, type SelectProps } from './Input';
export { Skeleton, SkeletonRows, SkeletonStats } from './Skeleton';
export { PageSpinner, Spinner } from './Spinner';
export { EmailAddress } from './EmailAddress';
export { EmptyState, ErrorState } from './States';
export { Table, type Column } from './Table';
export { Tabs, type TabItem } from './Tabs';
export { ToastProvider, useToast } from './Toast';
export { Tooltip } from './Tooltip';
export * from './constants';
