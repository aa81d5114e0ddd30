import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { exceedsUploadQuota, isFileTooLarge, MAX_UPLOAD_MB, ORPHAN_UPLOAD_TTL_MS, UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_MB } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import type { JobRunner } from '../../platform/jobs';
import { ApiError } from '../../platform/errors';
import { hmac, safeEqual } from '../../platform/secrets';
import { imageTypeOf } from './image-type';
import type { FileStorage } from './storage';
import type { FileStore } from './store';

/** Signed links live 1 h, rounded up to the next 5 minutes so repeated answers share a URL (and the browser cache). */
export const FILE_LINK_TTL_MS = 3_600_000;
const LINK_ROUNDING_MS = 300_000;

/** Uploaded images: checked by content, stored through FileStorage, served through signed, expiring links. */
export class FileService {
  constructor(
    private readonly store: FileStore,
    private readonly storage: FileStorage,
    private readonly key: Buffer,
    private readonly now: Clock,
  ) {}

  /** Stores an image (JPEG, PNG or WebP, at most 5 MB) and answers its id. */
  async saveImage(userId: string, purpose: string, data: Buffer): Promise<string> {
    if (isFileTooLarge(data.length)) throw tooLarge();
    const contentType = imageTypeOf(data);
    if (!contentType) throw new ApiError(415, 'UNSUPPORTED_FILE_TYPE', 'This file is not a photo we can use. Choose a JPEG, PNG or WebP image.');
    return new Uploads(this.store, this.storage, this.now).save(userId, purpose, contentType, data);
  }

  async delete(id: string): Promise<void> {
    await this.store.delete(id);
    await this.storage.delete(id);
  }

  signedUrl(id: string): string {
    const exp = Math.ceil((this.now() + FILE_LINK_TTL_MS) / LINK_ROUNDING_MS) * LINK_ROUNDING_MS;
    return `/api/files/${id}?exp=${exp}&sig=${this.sign(id, exp)}`;
  }

  /** The file behind a signed link, as a stream of its bytes: 403 when the signature does not match or the link has
   *  expired, 404 when the file is gone. */
  async open(id: string, exp: number, sig: string): Promise<{ contentType: string; sizeBytes: number; body: Readable }> {
    if (!safeEqual(this.sign(id, exp), sig)) throw new ApiError(403, 'FILE_LINK_INVALID', 'This file link is not valid. Reload the page to get a new one.');
    if (exp < this.now()) throw new ApiError(403, 'FILE_LINK_EXPIRED', 'This file link has expired. Reload the page to get a new one.');
    const meta = await this.store.file(id);
    const body = meta && (await this.storage.stream(id));
    if (!meta || !body) throw new ApiError(404, 'FILE_NOT_FOUND', 'This file is no longer available.');
    return { contentType: meta.contentType, sizeBytes: meta.sizeBytes, body };
  }

  private sign(id: string, exp: number): string {
    return hmac(this.key, `${id}.${exp}`);
  }
}

export const tooLarge = () => new ApiError(413, 'FILE_TOO_LARGE', `This photo is larger than ${MAX_UPLOAD_MB} MB. Choose a smaller one.`);

export const quotaReached = () =>
  new ApiError(
    409,
    'UPLOAD_QUOTA_REACHED',
    `Your account already holds the most uploads we keep (${UPLOAD_QUOTA_FILES} files or ${UPLOAD_QUOTA_MB} MB). Uploads not used in an application are deleted a day after they arrive; try again then.`,
  );

/** A module that keeps file ids answers which of them it still uses (the orphan sweep deletes the others). */
export interface FileReferences {
  /** The upload purpose whose files this module owns, e.g. 'pass-proof', 'profile-photo'. */
  purpose: string;
  referenced(fileIds: string[]): Promise<Set<string>>;
}

/**
 * Every upload's bytes and row, within the rider's quota (UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_MB): the row is reserved
 * under the quota first, then the bytes written (a failed write removes the row). Used by every module that takes
 * uploads (profile photos here, pass proofs in passes).
 */
export class Uploads {
  constructor(
    private readonly store: FileStore,
    private readonly storage: FileStorage,
    private readonly now: Clock,
  ) {}

  /** Stores checked bytes (type and size already known to be acceptable) and answers the new file's id. */
  async save(userId: string, purpose: string, contentType: string, data: Buffer): Promise<string> {
    const id = randomUUID();
    const row = { id, userId, purpose, contentType, sizeBytes: data.length, createdAt: this.now() };
    if (!(await this.store.insertWithinQuota(row, (stored) => exceedsUploadQuota(stored, data.length)))) throw quotaReached();
    try {
      await this.storage.put(id, data);
    } catch (err) {
      await this.store.delete(id);
      throw err;
    }
    return id;
  }

  /**
   * Deletes uploads older than ORPHAN_UPLOAD_TTL_MS that their purpose's owner no longer references. A purpose nobody
   * registered is never swept (its files are kept). Answers how many were deleted.
   */
  async sweepOrphans(owners: readonly FileReferences[], batch = 500): Promise<number> {
    const candidates = await this.store.olderThan(this.now() - ORPHAN_UPLOAD_TTL_MS, batch);
    let deleted = 0;
    for (const owner of owners) {
      const ids = candidates.filter((c) => c.purpose === owner.purpose).map((c) => c.id);
      if (!ids.length) continue;
      const used = await owner.referenced(ids);
      for (const id of ids.filter((x) => !used.has(x))) {
        await this.store.delete(id);
        await this.storage.delete(id);
        deleted += 1;
      }
    }
    return deleted;
  }
}

/** Runs the orphan sweep now and then every `everyMs` on the server's job runner (`files.orphans`, stopped on close). */
export function startOrphanSweep(
  jobs: JobRunner,
  uploads: Uploads,
  owners: readonly FileReferences[],
  everyMs: number,
  log: { error(o: object, m: string): void; info(o: object, m: string): void },
): void {
  jobs.every('files.orphans', everyMs, () =>
    uploads.sweepOrphans(owners).then((n) => {
      if (n) log.info({ deleted: n }, 'orphaned uploads deleted');
    }),
  );
  void jobs.runNow('files.orphans');
}
