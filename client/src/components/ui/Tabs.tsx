/** Tabs following the WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs. */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';

export type TabItem = { id: string; label: ReactNode; content: ReactNode };

export function Tabs({ items, label, defaultTab, onChange }: { items: readonly TabItem[]; label: string; defaultTab?: string; onChange?: (id: string) => void }) {
  const baseId = useId();
  const [active, setActive] = useState(defaultTab ?? items[0]?.id ?? '');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const item = items[index];
    if (!item) return;
    setActive(item.id);
    onChange?.(item.id);
    refs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = items.findIndex((i) => i.id === active);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight' ? (current === last ? 0 : current + 1)
      : event.key === 'ArrowLeft' ? (current === 0 ? last : current - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    if (next >= 0) {
      event.preventDefault();
      select(next);
    }
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item, index) => {
          const selected = item.id === active;
          return (
            <button
              key={item.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.id}`}
              tabIndex={selected ? 0 : -1}
              className={cx('tabs__tab', selected && 'tabs__tab--active')}
              onClick={() => select(index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          aria-labelledby={`${baseId}-tab-${item.id}`}
          hidden={item.id !== active}
          className="tabs__panel"
          tabIndex={0}
        >
          {item.id === active ? item.content : null}
        </div>
      ))}
    </div>
  );
}
