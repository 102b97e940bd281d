/**
 * The default turnover template every host starts with (docs/decisions.md "Turnover tasks for
 * everyone"): the standard checklist between a check-out and the next check-in. A booking's
 * turnover task is made from the host's default template, so a new host gets turnovers from its
 * first booking; the host edits or replaces it on the templates screen. The demo host's turnover
 * template is this one too (shared/demo/catalog.ts).
 */
export const DEFAULT_TURNOVER_TEMPLATE = {
  name: 'Turnover cleaning',
  task_category: 'cleaning',
  description: 'Full clean and reset between a check-out and the next check-in.',
  checklist: [
    'Strip beds and start laundry',
    'Make beds with fresh linen',
    'Clean and sanitise bathrooms',
    'Clean kitchen and run the dishwasher',
    'Vacuum and mop all floors',
    'Empty bins and replace liners',
    'Restock toiletries, coffee and toilet paper',
    'Check for damage and items left behind',
    'Photograph the finished rooms',
  ],
  estimated_duration: 150,
  priority_level: 'medium',
  special_instructions: 'Report any damage with photos before starting.',
} as const;
