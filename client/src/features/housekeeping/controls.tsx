/**
 * Form pieces the housekeeping forms need beyond the UI kit's Input and Select: a textarea, a
 * checkbox row, and the checklist editor (add, remove, reorder, needs a photo). Labelled for assistive
 * technology, 44 px targets.
 */
import { useId, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import type { ChecklistItem } from '../../../../shared/schema/tables';
import { Button } from '../../components/ui/Button';
import { moveItem, newChecklistItem } from './mutations';

export function TextArea({ label, hint, id, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: ReactNode }) {
  const autoId = useId();
  const areaId = id ?? `ta-${autoId}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={areaId}>
        {label}
      </label>
      <textarea id={areaId} className="field__control" rows={3} aria-describedby={hint ? `${areaId}-hint` : undefined} {...rest} />
      {hint ? (
        <p id={`${areaId}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="hk-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The item with its "needs a photo" flag set or cleared (absent when cleared, as items without it are stored). */
function withPhotoFlag(item: ChecklistItem, required: boolean): ChecklistItem {
  const { photo_required: _flag, ...rest } = item;
  return required ? { ...rest, photo_required: true } : rest;
}

/** The items of a checklist: rename in place, flag as needing a photo, move up or down, remove, add at the end. */
export function ChecklistEditor({ items, onChange, label = 'Checklist' }: { items: readonly ChecklistItem[]; onChange: (items: ChecklistItem[]) => void; label?: string }) {
  const [draft, setDraft] = useState('');
  const addId = useId();
  const add = () => {
    if (!draft.trim()) return;
    onChange([...items, newChecklistItem(draft)]);
    setDraft('');
  };
  return (
    <fieldset className="hk-checklist">
      <legend className="field__label">
        {label} ({items.length} {items.length === 1 ? 'item' : 'items'})
      </legend>
      {items.length ? (
        <ol className="hk-checklist__list">
          {items.map((item, index) => (
            <li key={item.id} className="hk-checklist__item">
              <input
                className="field__control"
                aria-label={`Checklist item ${index + 1}`}
                value={item.text}
                onChange={(e) => onChange(items.map((i) => (i.id === item.id ? { ...i, text: e.target.value } : i)))}
              />
              <label className="hk-checklist__photo" title="A photo is needed before it can be ticked">
                <input
                  type="checkbox"
                  checked={item.photo_required === true}
                  aria-label={`"${item.text || `Item ${index + 1}`}" needs a photo`}
                  onChange={(e) => onChange(items.map((i) => (i.id === item.id ? withPhotoFlag(i, e.target.checked) : i)))}
                />
                <span aria-hidden="true">Photo</span>
              </label>
              <div className="hk-checklist__buttons">
                <Button variant="ghost" size="sm" aria-label={`Move "${item.text}" up`} disabled={index === 0} onClick={() => onChange(moveItem(items, index, -1))}>
                  ↑
                </Button>
                <Button variant="ghost" size="sm" aria-label={`Move "${item.text}" down`} disabled={index === items.length - 1} onClick={() => onChange(moveItem(items, index, 1))}>
                  ↓
                </Button>
                <Button variant="ghost" size="sm" aria-label={`Remove "${item.text}"`} onClick={() => onChange(items.filter((i) => i.id !== item.id))}>
                  ✕
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">No items yet.</p>
      )}
      <div className="hk-checklist__add">
        <label className="visually-hidden" htmlFor={addId}>
          New checklist item
        </label>
        <input
          id={addId}
          className="field__control"
          placeholder="New item, e.g. Restock coffee"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} disabled={!draft.trim()}>
          Add item
        </Button>
      </div>
    </fieldset>
  );
}

/** A line that says the action needs the network, shown while offline. */
export function OnlineOnlyNote({ online, children }: { online: boolean; children: ReactNode }) {
  if (online) return null;
  return (
    <p className="form-message form-message--info" role="status">
      {children}
    </p>
  );
}
