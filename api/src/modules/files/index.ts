/** The files module's public face: uploads within the rider's quota, signed links, storage, the orphan sweep's port. */
export { FileService, Uploads, startOrphanSweep, quotaReached, tooLarge, FILE_LINK_TTL_MS, type FileReferences } from './service';
export { createFileStorage, openFileStorage, DiskFileStorage, MemoryFileStorage, type FileStorage } from './storage';
export { DatabaseFileStorage, moveDiskFilesIntoDatabase, FILE_CHUNK_BYTES } from './database-storage';
export { FileStore, type FileRow } from './store';
export { imageTypeOf } from './image-type';
