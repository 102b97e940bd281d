/**
 * Form pieces the housekeeping forms need beyond the UI kit's Input and Select: a textarea, a
 * checkbox row, and the checklist editor (add, remove, reorder, needs a photo). Labelled for assistive
 * technology, 44 px targets.
 */
import { useId, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import type { ChecklistItem } from '../../../../shared/schema/tables';
import { Button } from '../../components/ui/Button';
import { moveItem, newChecklistItem } from './mutations';
import { useT } from '../../i18n/use-t';

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
export function ChecklistEditor({ items, onChange, label }: { items: readonly ChecklistItem[]; onChange: (items: ChecklistItem[]) => void; label?: string }) {
  const t = useT();
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
        {t('host.housekeeping.checklist.legend', { label: label ?? t('host.housekeeping.checklist.title'), count: items.length })}
      </legend>
      {items.length ? (
        <ol className="hk-checklist__list">
          {items.map((item, index) => (
            <li key={item.id} className="hk-checklist__item">
              <input
                className="field__control"
                aria-label={t('host.housekeeping.checklist.item', { number: index + 1 })}
                value={item.text}
                onChange={(e) => onChange(items.map((i) => (i.id === item.id ? { ...i, text: e.target.value } : i)))}
              />
              <label className="hk-checklist__photo" title={t('host.housekeeping.checklist.photoTitle')}>
                <input
                  type="checkbox"
                  checked={item.photo_required === true}
                  aria-label={t('host.housekeeping.checklist.needsPhoto', { item: item.text || t('host.housekeeping.checklist.itemShort', { number: index + 1 }) })}
                  onChange={(e) => onChange(items.map((i) => (i.id === item.id ? withPhotoFlag(i, e.target.checked) : i)))}
                />
                <span aria-hidden="true">{t('host.housekeeping.checklist.photo')}</span>
              </label>
              <div className="hk-checklist__buttons">
                <Button variant="ghost" size="sm" aria-label={t('host.housekeeping.checklist.moveUp', { item: item.text })} disabled={index === 0} onClick={() => onChange(moveItem(items, index, -1))}>
                  ↑
                </Button>
                <Button variant="ghost" size="sm" aria-label={t('host.housekeeping.checklist.moveDown', { item: item.text })} disabled={index === items.length - 1} onClick={() => onChange(moveItem(items, index, 1))}>
                  ↓
                </Button>
                <Button variant="ghost" size="sm" aria-label={t('host.housekeeping.checklist.remove', { item: item.text })} onClick={() => onChange(items.filter((i) => i.id !== item.id))}>
                  &times;
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t('host.housekeeping.checklist.empty')}</p>
      )}
      <div className="hk-checklist__add">
        <label className="visually-hidden" htmlFor={addId}>
          {t('host.housekeeping.checklist.newItem')}
        </label>
        <input
          id={addId}
          className="field__control"
          placeholder={t('host.housekeeping.checklist.placeholder')}
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
          {t('host.housekeeping.checklist.add')}
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
