/**
 * Photos of tasks and of problem reports (README.md beside this file): who may reach an owner's
 * photos, storing an upload once by the id its device gave it, listing and reading them back, and
 * the rule that a checklist item needing a photo is ticked only with one.
 *
 * The bytes live in SQLite (task_photo_files), written in the same transaction as the metadata:
 * a photo is either wholly stored or not at all, a retried upload finds it by id, and the daily
 * backup of the database carries the photos with it.
 */
import type { Actor } from '../../actor';
import { staffIdAt } from '../../actor';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import type { ChecklistItem, ChecklistOp } from '../../../../shared/checklist';
import type { TaskPhoto } from '../../../../shared/api/photos';
import { assertRowInScope } from '../../policy';
import { cachedStatement, getRow, nowIso, type Row, type Tx } from '../../db/write';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../errors';
import type { ProcessedPhoto } from './images';

const TASKS = requireTable(TABLE_IDS.housekeeping_tasks);
const REPORTS = requireTable(TABLE_IDS.problem_reports);
// The row without its JSON columns (the checklist is not needed here).
const TASK_COLUMNS = { json: false };

/**
 * What photos are kept with: a task (and its checklist items), or a problem report, whose photos
 * are also its maintenance task's (the host sees them there).
 */
export type PhotoOwnerKind = 'task' | 'report';
export type PhotoOwner = { kind: PhotoOwnerKind; id: string };

/** Where an owner's photos go: its host, the task they show, and the report they came with. */
type Reached = { hostId: string; taskId: string; reportId: string | null };

/**
 * The owner, if the actor may reach its photos; anyone else gets the same 404 as for an owner that
 * does not exist. A task: its host or the housekeeper it is assigned to (the read scope of tasks),
 * and for uploading also the one it was reassigned away from (the write scope: photos taken
 * offline before a reassignment still arrive, like the ticks they go with). A report: its host
 * and its reporter (the read scope of reports), for reading and uploading alike.
 */
export function reachOwner(tx: Tx, actor: Actor, owner: PhotoOwner, which: 'read' | 'write'): Reached {
  if (owner.kind === 'task') {
    const task = assertRowInScope(tx, actor, TASKS, owner.id, TASK_COLUMNS, which);
    return { hostId: String(task.host_id), taskId: owner.id, reportId: null };
  }
  const report = assertRowInScope(tx, actor, REPORTS, owner.id);
  // The reporter's columns leave the maintenance task out; the row is read whole for it.
  const taskId = getRow(tx, REPORTS, owner.id)?.maintenance_task_id;
  if (typeof taskId !== 'string') throw new NotFound(`No problem report with ID ${owner.id}`);
  return { hostId: String(report.host_id), taskId, reportId: owner.id };
}

const PHOTO_COLUMNS = 'id, host_id, task_id, report_id, checklist_item_id, staff_id, content_type, width, height, bytes, taken_at, created_at';
/** Which column names an owner's photos. */
const OWNER_COLUMN: Record<PhotoOwnerKind, 'task_id' | 'report_id'> = { task: 'task_id', report: 'report_id' };

type StoredRow = TaskPhoto & { host_id: string };

function photoById(tx: Tx, id: string): StoredRow | undefined {
  return cachedStatement(tx, 'photos:by-id', (client) => client.prepare(`select ${PHOTO_COLUMNS} from task_photos where id = ?`)).get(id) as StoredRow | undefined;
}

function toWire(row: StoredRow): TaskPhoto {
  const { host_id: _host, ...photo } = row;
  return photo;
}

export type PhotoUpload = { id: string; owner: PhotoOwner; itemId: string | null; takenAt: string | null };

/**
 * Stores an upload once. A second upload of the same id for the same owner is answered with the
 * stored photo (`created: false`) and stores nothing: the device's first answer was lost. The same
 * id for another owner is a conflict (ids are the device's UUIDs: that is a client error).
 */
export function storePhoto(tx: Tx, actor: Actor, upload: PhotoUpload, photo: ProcessedPhoto, now: Date): { photo: TaskPhoto; created: boolean } {
  const reached = reachOwner(tx, actor, upload.owner, 'write');
  const existing = photoById(tx, upload.id);
  if (existing) {
    if (existing[OWNER_COLUMN[upload.owner.kind]] !== upload.owner.id) throw new Conflict(`Photo ${upload.id} belongs to another ${upload.owner.kind}`);
    return { photo: toWire(existing), created: false };
  }
  const created = nowIso(now);
  const row: StoredRow = {
    id: upload.id,
    host_id: reached.hostId,
    task_id: reached.taskId,
    report_id: reached.reportId,
    checklist_item_id: upload.owner.kind === 'task' ? upload.itemId : null,
    staff_id: staffIdAt(actor, reached.hostId) ?? null,
    content_type: 'image/webp',
    width: photo.width,
    height: photo.height,
    bytes: photo.image.length,
    taken_at: upload.takenAt ?? created,
    created_at: created,
  };
  cachedStatement(tx, 'photos:insert', (client) =>
    client.prepare(
      `insert into task_photos (${PHOTO_COLUMNS}, uploaded_by) values (@id, @host_id, @task_id, @report_id, @checklist_item_id, @staff_id, @content_type, @width, @height, @bytes, @taken_at, @created_at, @uploaded_by)`,
    ),
  ).run({ ...row, uploaded_by: actor.userId });
  cachedStatement(tx, 'photos:insert-file', (client) => client.prepare('insert into task_photo_files (photo_id, image, thumbnail) values (?, ?, ?)')).run(upload.id, photo.image, photo.thumbnail);
  return { photo: toWire(row), created: true };
}

/** An owner's photos, oldest first (a task's include those of the report it was made for). */
export function listPhotos(tx: Tx, actor: Actor, owner: PhotoOwner): TaskPhoto[] {
  reachOwner(tx, actor, owner, 'read');
  const column = OWNER_COLUMN[owner.kind];
  const rows = cachedStatement(tx, `photos:of-${owner.kind}`, (client) => client.prepare(`select ${PHOTO_COLUMNS} from task_photos where ${column} = ? order by created_at, id`)).all(owner.id) as StoredRow[];
  return rows.map(toWire);
}

/** One photo's bytes (the image or its thumbnail), if the actor may reach its owner; else undefined (404). */
export function photoBytes(tx: Tx, actor: Actor, owner: PhotoOwner, photoId: string, size: 'full' | 'thumb'): Buffer | undefined {
  reachOwner(tx, actor, owner, 'read');
  const image = size === 'thumb' ? 'thumbnail' : 'image';
  const column = OWNER_COLUMN[owner.kind];
  const bytes = cachedStatement(tx, `photos:bytes:${image}:${owner.kind}`, (client) =>
    client.prepare(`select f.${image} from task_photo_files f join task_photos p on p.id = f.photo_id where p.id = ? and p.${column} = ?`).pluck(),
  ).get(photoId, owner.id);
  return Buffer.isBuffer(bytes) ? bytes : undefined;
}

function hasPhotoOfItem(tx: Tx, taskId: string, itemId: string): boolean {
  const found = cachedStatement(tx, 'photos:of-item', (client) => client.prepare('select 1 from task_photos where task_id = ? and checklist_item_id = ? limit 1').pluck()).get(taskId, itemId);
  return found !== undefined;
}

/**
 * A tick of an item that needs a photo is taken when the item has a photo on the server, or when
 * the tick names the photo (`photo_id`) its device took and is still uploading: offline, the tick
 * and the photo leave the device by two queues in no fixed order. Without either it is refused.
 * A tick whose named photo never arrives is shown to the host as "Photo missing". Housekeepers
 * may not change which items need a photo.
 */
export function assertTicksHavePhotos(tx: Tx, actor: Actor, task: Row, list: readonly ChecklistItem[], ops: readonly ChecklistOp[]): void {
  for (const op of ops) {
    // Which items need a photo is the host's to say, not the housekeeper's who must take it.
    if (op.op === 'require_photo' && actor.role === 'staff') throw new Forbidden('Only the host decides which checklist items need a photo');
    if (op.op !== 'set_done' || !op.done || op.photo_id) continue;
    const item = list.find((i) => i.id === op.id);
    if (!item?.photo_required || item.done) continue;
    if (!hasPhotoOfItem(tx, String(task.id), op.id)) throw new ValidationFailed(`"${item.text}" needs a photo before it can be ticked: take one, then tick it`);
  }
}

/**
 * The metadata of every photo of a host's live tasks, for the host's data export (the images are
 * not in it: a whole host's photos would not fit one in-memory archive; the backups carry them).
 */
export function hostPhotoRows(tx: Tx, hostId: string): TaskPhoto[] {
  const rows = cachedStatement(tx, 'photos:of-host', (client) =>
    client.prepare(
      `select ${PHOTO_COLUMNS.split(', ').map((c) => `p.${c}`).join(', ')} from task_photos p join housekeeping_tasks t on t.id = p.task_id and t.deleted_at is null where p.host_id = ? order by p.created_at, p.id`,
    ),
  ).all(hostId) as StoredRow[];
  return rows.map(toWire);
}
