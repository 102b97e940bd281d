import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, systemNotificationFor } from './alerts';

describe('alerts on this device', () => {
  it('reads a VAPID key written in base64url', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect(base64UrlToBytes('BA').length).toBe(1);
  });

  it('shows a notification row like its push: same tag, urgent stays, warning closes after 5 s', () => {
    const row = { id: 'n1', title: 'Urgent Task Alert', message: 'Leak', type: 'urgent', taskId: 't1', actionUrl: '/housekeeping?taskId=t1' };
    expect(systemNotificationFor(row)).toMatchObject({
      title: 'Urgent Task Alert',
      options: { body: 'Leak', tag: 'n1', requireInteraction: true, data: { url: '/housekeeping?taskId=t1' } },
      closeAfterMs: null,
    });
    expect(systemNotificationFor({ ...row, type: 'warning', title: 'Task Overdue' })).toMatchObject({ options: { requireInteraction: false }, closeAfterMs: 5000 });
    expect(systemNotificationFor({ ...row, type: 'success', taskId: null, actionUrl: null }).options.data.url).toBe('/');
  });
});
