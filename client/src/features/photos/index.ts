/**
 * Photos of tasks and of problem reports, offline first: taken or picked on the device, shrunk and
 * kept in IndexedDB (a database of their own), shown at once, uploaded by a queue with the outbox's
 * discipline, and read back from the server by the owner's host and housekeeper only. README.md
 * beside this file.
 */
export { AddPhotoButtons, PhotoGallery, pendingText } from './TaskPhotos';
export { dropDraftPhotos, sendDraftPhotos, usePhotos, usePhotosWaiting, useTaskPhotos, type OwnerPhotos, type PhotoView, type TaskPhotos } from './use-photos';
export { usePhotoUploader } from './uploader';
