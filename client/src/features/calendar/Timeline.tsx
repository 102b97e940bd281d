/**
 * The multi-property timeline: rows are properties, columns are days. Each
 * row draws only its bars (bookings coloured by source, imported blocks in their own strip,
 * clashes outlined), absolutely placed at offsets computed once per data change (timeline.ts),
 * over a background of day lines painted by CSS: 50 properties × 90 days cost one element per
 * bar, not 4 500 cells, and no grid track sizing per row. Rows are memoised and only re-render
 * when their own layout changes; one click handler per row opens the bar clicked (or chosen with
 * Enter / Space: bars are buttons). A drag across free days of a row asks to create a booking for
 * those nights.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { addDays } from '../../../../shared/format/dates';
import { dragSelection, sameRow, sourceTone, type Bar, type TimelineBooking, type TimelineRow } from './timeline';
import { sourceLabel } from '../../lib/source-label';
import { useLocale, useT } from '../../i18n/use-t';
import './calendar.css';

function weekdayIndex(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)).getUTCDay();
}

export type TimelineProperty = { id: string; property_name: string };

export type TimelineProps<B extends TimelineBooking> = {
  properties: readonly TimelineProperty[];
  rows: Map<string, TimelineRow>;
  days: readonly string[];
  today: string;
  formatDate: (day: string) => string;
  onOpen: (booking: B) => void;
  /** Nights [checkIn, checkOut) chosen by a drag over free days. */
  onCreate?: (propertyId: string, checkIn: string, checkOut: string) => void;
  /** Told once the rows are on screen (for the benchmark's marks). */
  onPainted?: () => void;
  label?: string;
};

type Drag = { propertyId: string; anchor: number; current: number; pointerId: number };

export function Timeline<B extends TimelineBooking>({ properties, rows, days, today, formatDate, onOpen, onCreate, onPainted, label }: TimelineProps<B>) {
  const t = useT();
  const locale = useLocale();
  const weekday = useMemo(() => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }), [locale]);
  const todayIndex = days.indexOf(today);
  const style = { '--days': days.length } as CSSProperties;
  const [taken, setTaken] = useState<string | null>(null);
  const shown = useUnchangedRows(rows);

  // A kept row holds the booking objects of an earlier read: open the one of the latest.
  const latest = useRef(rows);
  useEffect(() => {
    latest.current = rows;
  }, [rows]);
  const open = useCallback(
    (propertyId: string, bookingId: string) => {
      const bar = latest.current.get(propertyId)?.bookings.find((x) => x.item.id === bookingId);
      if (bar) onOpen(bar.item as B);
    },
    [onOpen],
  );

  useEffect(() => {
    if (!onPainted) return;
    const frame = requestAnimationFrame(() => onPainted());
    return () => cancelAnimationFrame(frame);
  }, [onPainted, rows]);

  return (
    <div className="tl-wrap" role="region" aria-label={label ?? t('host.calendar.timeline')} tabIndex={0} style={style}>
      <div className="tl">
        <div className="tl__head" aria-hidden="true">
          <div className="tl__corner">{t('host.bookings.property')}</div>
          <div className="tl__days">
            {days.map((d, i) => {
              const wd = weekdayIndex(d);
              return (
                <div key={d} className={`tl__day${i === todayIndex ? ' tl__day--today' : ''}${wd === 0 || wd === 6 ? ' tl__day--weekend' : ''}`}>
                  <span className="tl__weekday">{weekday.format(new Date(`${d}T00:00:00Z`))}</span>
                  <span className="tl__date">{d.slice(8)}</span>
                </div>
              );
            })}
          </div>
        </div>
        <ul className="tl__rows" aria-label={t('host.calendar.properties')}>
          {properties.map((p) => {
            const row = shown.get(p.id);
            return row ? (
              <RowView
                key={p.id}
                propertyId={p.id}
                propertyName={p.property_name}
                row={row}
                days={days}
                todayIndex={todayIndex}
                formatDate={formatDate}
                onOpen={open}
                onCreate={onCreate}
                onTaken={setTaken}
              />
            ) : null;
          })}
        </ul>
      </div>
      <p className="tl__status" role="status">
        {taken ?? ''}
      </p>
    </div>
  );
}

/**
 * The rows to draw: each row as last drawn when its new layout draws the same thing, so that the
 * memoised row skips rendering (sameRow).
 */
function useUnchangedRows(rows: Map<string, TimelineRow>): Map<string, TimelineRow> {
  const [drawn, setDrawn] = useState({ from: rows, rows });
  if (drawn.from === rows) return drawn.rows;
  const next = new Map<string, TimelineRow>();
  for (const [id, row] of rows) {
    const before = drawn.rows.get(id);
    next.set(id, before && sameRow(before, row) ? before : row);
  }
  setDrawn({ from: rows, rows: next });
  return next;
}

type RowViewProps = {
  propertyId: string;
  propertyName: string;
  row: TimelineRow;
  days: readonly string[];
  todayIndex: number;
  formatDate: (day: string) => string;
  onOpen: (propertyId: string, bookingId: string) => void;
  onCreate?: (propertyId: string, checkIn: string, checkOut: string) => void;
  onTaken: (message: string | null) => void;
};

const RowView = memo(function RowView({ propertyId, propertyName, row, days, todayIndex, formatDate, onOpen, onCreate, onTaken }: RowViewProps) {
  const t = useT();
  const track = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const dayAt = (clientX: number): number => {
    const rect = track.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return -1;
    return Math.min(days.length - 1, Math.max(0, Math.floor(((clientX - rect.left) / rect.width) * days.length)));
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!onCreate || e.button !== 0 || e.target !== track.current) return;
    const day = dayAt(e.clientX);
    if (day < 0 || row.busy[day]) return;
    track.current?.setPointerCapture(e.pointerId);
    setDrag({ propertyId: propertyId, anchor: day, current: day, pointerId: e.pointerId });
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const day = dayAt(e.clientX);
    if (day !== drag.current) setDrag({ ...drag, current: day });
  };
  const onPointerUp = () => {
    if (!drag || !onCreate) return;
    const chosen = dragSelection(row, drag.anchor, drag.current);
    setDrag(null);
    if (!chosen) {
      onTaken(t('host.calendar.taken', { property: propertyName }));
      return;
    }
    onTaken(null);
    onCreate(propertyId, days[chosen.first] as string, addDays(days[chosen.last] as string, 1));
  };

  const onClick = (e: ReactMouseEvent<HTMLDivElement>) => {
    const id = e.target instanceof Element ? e.target.closest('[data-booking-id]')?.getAttribute('data-booking-id') : null;
    if (id) onOpen(propertyId, id);
  };

  const selection = drag ? { first: Math.min(drag.anchor, drag.current), last: Math.max(drag.anchor, drag.current) } : null;
  const selectionFree = drag ? dragSelection(row, drag.anchor, drag.current) !== null : true;
  const lanes = row.lanes + (row.blocks.length ? 1 : 0);
  const count = days.length;

  return (
    <li className="tl__row">
      <div className="tl__property" title={propertyName}>
        {propertyName}
      </div>
      <div
        ref={track}
        className={`tl__track${onCreate ? ' tl__track--creatable' : ''}`}
        style={lanes > 1 ? ({ '--lanes': lanes } as CSSProperties) : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
        onClick={onClick}
        data-property-id={propertyId}
      >
        {todayIndex >= 0 ? <div className="tl__today" style={columns(todayIndex, 1, count)} aria-hidden="true" /> : null}
        {selection ? (
          <div className={`tl__selection${selectionFree ? '' : ' tl__selection--taken'}`} style={columns(selection.first, selection.last - selection.first + 1, count)} aria-hidden="true" />
        ) : null}
        {row.bookings.map((bar) => {
          const b = bar.item;
          return (
            <button
              key={b.id}
              type="button"
              className={`tl__bar tl__bar--${sourceTone(b.booking_source)}${bar.clash ? ' tl__bar--clash' : ''}${bar.clippedStart ? ' tl__bar--clip-start' : ''}${bar.clippedEnd ? ' tl__bar--clip-end' : ''}`}
              style={placed(bar, bar.lane, count)}
              aria-label={t('host.calendar.bookingBar', {
                guest: b.guest_name,
                property: propertyName,
                from: formatDate(b.check_in_date),
                to: formatDate(b.check_out_date),
                source: sourceLabel(b.booking_source),
                clash: bar.clash ? 'yes' : 'no',
              })}
              data-booking-id={b.id}
            >
              <span className="tl__bar-label">{b.guest_name}</span>
            </button>
          );
        })}
        {row.blocks.map((bar) => (
          <div
            key={bar.item.id}
            className={`tl__block${bar.clash ? ' tl__block--clash' : ''}`}
            style={placed(bar, row.lanes, count)}
            role="img"
            aria-label={t(bar.item.summary ? 'host.calendar.blockBarSummary' : 'host.calendar.blockBar', {
              property: propertyName,
              summary: bar.item.summary,
              from: formatDate(bar.item.start_date),
              to: formatDate(bar.item.end_date),
              clash: bar.clash ? 'yes' : 'no',
            })}
            title={bar.item.summary || t('host.dashboard.blocked')}
          />
        ))}
      </div>
    </li>
  );
});

/** Horizontal place of `span` columns from column `start` of `count`, as shares of the track. */
function columns(start: number, span: number, count: number): CSSProperties {
  return { left: `${(start * 100) / count}%`, right: `${((count - start - span) * 100) / count}%` };
}

/** A bar's place: its columns, and its lane when not the first (the CSS puts lane 0). */
function placed(bar: Pick<Bar<unknown>, 'start' | 'span'>, lane: number, count: number): CSSProperties {
  const style = columns(bar.start, bar.span, count);
  return lane > 0 ? ({ ...style, '--lane': lane } as CSSProperties) : style;
}

export function TimelineLegend() {
  const t = useT();
  return (
    <ul className="legend tl-legend" aria-label={t('host.calendar.legend')}>
      {(['airbnb', 'booking', 'vrbo', 'expedia', 'direct', 'other'] as const).map((tone) => (
        <li key={tone}>
          <span className={`tl-swatch tl__bar--${tone}`} aria-hidden="true" /> {tone === 'booking' ? sourceLabel('booking.com') : tone === 'other' ? t('host.calendar.otherSources') : sourceLabel(tone)}
        </li>
      ))}
      <li>
        <span className="tl-swatch tl-swatch--block" aria-hidden="true" /> {t('host.calendar.legendBlock')}
      </li>
      <li>
        <span className="tl-swatch tl-swatch--clash" aria-hidden="true" /> {t('host.calendar.legendClash')}
      </li>
    </ul>
  );
}
