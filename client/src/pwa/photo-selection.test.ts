import { describe, expect, it } from 'vitest';
import { hostPropertyOrder, interleave, isPhotoUrl, photosToKeep, staffPropertyOrder, type PhotoProperty, type PhotoTask } from './photo-selection';

const photo = (n: number) => `/uploads/${n.toString(16).padStart(32, '0')}.webp`;
const UTC = 'UTC';

function task(property_id: string, scheduled_date: string | null, task_status = 'pending', extra: Partial<PhotoTask> = {}): PhotoTask {
  return { property_id, scheduled_date, due_date: null, task_status, ...extra };
}

const properties: PhotoProperty[] = [
  { id: 'a', status: 'active', images: [photo(1), photo(2), photo(3)] },
  { id: 'b', status: 'active', images: [photo(4)] },
  { id: 'c', status: 'inactive', images: [photo(5), photo(6)] },
  { id: 'd', status: 'archived', images: [photo(7)] },
  { id: 'e', status: 'active', images: ['https://elsewhere.example/x.webp', '/uploads/../secret.webp', photo(8)] },
];

describe('isPhotoUrl', () => {
  it('takes only uploaded photos of this origin', () => {
    expect(isPhotoUrl(photo(1), 'https://app.example')).toBe(true);
    expect(isPhotoUrl(`https://app.example${photo(1)}`, 'https://app.example')).toBe(true);
    expect(isPhotoUrl(`https://other.example${photo(1)}`, 'https://app.example')).toBe(false);
    expect(isPhotoUrl(`${photo(1)}?v=2`, 'https://app.example')).toBe(false);
    expect(isPhotoUrl('/uploads/originals/abc.jpg', 'https://app.example')).toBe(false);
    expect(isPhotoUrl('/api/sync/pull', 'https://app.example')).toBe(false);
  });
});

describe("a housekeeper's properties", () => {
  it('are those of her open tasks from today to seven days on, the soonest first', () => {
    const tasks = [
      task('c', '2026-11-30'),
      task('a', '2026-12-03'),
      task('b', '2026-11-26T09:00:00.000Z'),
      task('d', '2026-11-25'), // yesterday
      task('e', '2026-12-04'), // eight days on
      task('a', '2026-11-27', 'completed'),
      task('e', '2026-11-27', 'cancelled'),
      task('e', '2026-11-28', 'pending', { deleted_at: '2026-11-20T00:00:00.000Z' }),
      task('a', null),
    ];
    expect(staffPropertyOrder(tasks, '2026-11-26', UTC)).toEqual(['b', 'c', 'a']);
  });

  it('plans a task without a scheduled day by its due day, in her timezone', () => {
    // 23:30 UTC on the 25th is 08:30 on the 26th in Tokyo: today there, yesterday in UTC.
    const tasks = [task('a', null, 'in_progress', { due_date: '2026-11-25T23:30:00.000Z' })];
    expect(staffPropertyOrder(tasks, '2026-11-26', 'Asia/Tokyo')).toEqual(['a']);
    expect(staffPropertyOrder(tasks, '2026-11-26', UTC)).toEqual([]);
  });
});

describe("a host's listings", () => {
  it('are its active properties, then inactive ones, never archived or deleted ones', () => {
    const withDeleted = [...properties, { id: 'f', status: 'active', images: [photo(9)], deleted_at: '2026-01-01T00:00:00.000Z' }];
    expect(hostPropertyOrder(withDeleted)).toEqual(['a', 'b', 'e', 'c']);
  });
});

describe('interleave', () => {
  it('takes every cover first, then the second photos, up to the limit, each once', () => {
    expect(interleave([[photo(1), photo(2), photo(3)], [photo(4)], [photo(5), photo(6)]], 10)).toEqual([photo(1), photo(4), photo(5), photo(2), photo(6), photo(3)]);
    expect(interleave([[photo(1), photo(2)], [photo(3)]], 2)).toEqual([photo(1), photo(3)]);
    expect(interleave([[photo(1)], [photo(1), photo(2)]], 10)).toEqual([photo(1), photo(2)]);
    expect(interleave([], 5)).toEqual([]);
  });
});

describe('photosToKeep', () => {
  const base = { properties, today: '2026-11-26', timezone: UTC, limit: 100 };

  it("gives a housekeeper her week's properties' photos, covers first", () => {
    const tasks = [task('c', '2026-11-26'), task('a', '2026-11-28')];
    expect(photosToKeep({ ...base, role: 'staff', tasks })).toEqual([photo(5), photo(1), photo(6), photo(2), photo(3)]);
  });

  it("gives a host its listings' photos within the limit, only uploaded ones", () => {
    expect(photosToKeep({ ...base, role: 'host', tasks: [] })).toEqual([photo(1), photo(4), photo(8), photo(5), photo(2), photo(6), photo(3)]);
    expect(photosToKeep({ ...base, role: 'host', tasks: [], limit: 3 })).toEqual([photo(1), photo(4), photo(8)]);
    expect(photosToKeep({ ...base, role: 'host', tasks: [], limit: -1 })).toEqual([]);
  });

  it('gives admins nothing, and skips a property the device does not hold', () => {
    expect(photosToKeep({ ...base, role: 'super_admin', tasks: [] })).toEqual([]);
    expect(photosToKeep({ ...base, role: 'staff', tasks: [task('zz', '2026-11-26'), task('b', '2026-11-27')] })).toEqual([photo(4)]);
  });
});
