import { describe, expect, it } from 'vitest';
import { autoCloseMs, notificationFromPush, notificationTarget } from './notification';

describe('push notifications', () => {
  it('shows an urgent task alert until the user acts, and opens the task', () => {
    const shown = notificationFromPush(JSON.stringify({ id: 'n1', title: 'Urgent Task Alert', message: 'Leak at Lisbon Loft', type: 'urgent', taskId: 't 1' }));
    expect(shown.title).toBe('Urgent Task Alert');
    expect(shown.options).toMatchObject({ body: 'Leak at Lisbon Loft', requireInteraction: true, tag: 'n1', data: { url: '/housekeeping?taskId=t%201' } });
    expect(shown.closeAfterMs).toBeNull();
  });

  it('follows the server payload (its field names, requireInteraction)', () => {
    const payload = { id: 'n2', title: 'Task Overdue', message: 'Lisbon', type: 'warning', timestamp: '2030-01-01T00:00:00Z', actionUrl: '/housekeeping?taskId=t2', taskId: 't2', requireInteraction: true };
    const shown = notificationFromPush(JSON.stringify(payload));
    expect(shown.options).toMatchObject({ body: 'Lisbon', requireInteraction: true, data: { url: '/housekeeping?taskId=t2' } });
    // A notification the server asks to keep is never closed by the timer.
    expect(shown.closeAfterMs).toBeNull();
  });

  it('reads the task actions’ titles the server sent in the reader’s language, and drops unusable ones', () => {
    const payload = { id: 'n5', title: 'Alerta de tarea urgente', type: 'urgent', taskId: 't5', actionTitles: { start: 'Empezar', done: 'Marcar como hecha', open: 'Abrir' } };
    expect(notificationFromPush(JSON.stringify(payload)).actionTitles).toEqual({ start: 'Empezar', done: 'Marcar como hecha', open: 'Abrir' });
    expect(notificationFromPush(JSON.stringify({ ...payload, actionTitles: { start: '', done: 7, open: 'Abrir' } })).actionTitles).toEqual({ open: 'Abrir' });
    expect(notificationFromPush(JSON.stringify({ ...payload, actionTitles: 'Empezar' })).actionTitles).toEqual({});
    // An older server sends none: the worker titles them in English (task-actions.ts).
    expect(notificationFromPush(JSON.stringify({ id: 'n6', title: 'Task Overdue', type: 'warning', taskId: 't6' })).actionTitles).toEqual({});
  });

  it('closes a warning after 5 s and leaves other types to the browser', () => {
    expect(notificationFromPush(JSON.stringify({ id: 'n3', title: 'Task Overdue', type: 'warning' })).closeAfterMs).toBe(5000);
    expect(notificationFromPush(JSON.stringify({ id: 'n4', title: 'Task Completed', type: 'success' })).closeAfterMs).toBeNull();
    expect(autoCloseMs('warning')).toBe(5000);
    expect(autoCloseMs('urgent')).toBeNull();
    expect(autoCloseMs('info')).toBeNull();
  });

  it('lets other types close, and reads body or plain text', () => {
    expect(notificationFromPush(JSON.stringify({ title: 'Task Completed', body: 'Done', type: 'success' })).options).toMatchObject({ body: 'Done', requireInteraction: false, data: { url: '/' } });
    expect(notificationFromPush('Hello')).toMatchObject({ title: 'Staykeep', options: { body: 'Hello' } });
    expect(notificationFromPush(null).title).toBe('Staykeep');
  });

  it('only ever opens a path of this app', () => {
    expect(notificationTarget(null, '/host/bookings')).toBe('/host/bookings');
    expect(notificationTarget(null, 'https://evil.example/')).toBe('/');
    expect(notificationTarget(null, '//evil.example/')).toBe('/');
  });
});
