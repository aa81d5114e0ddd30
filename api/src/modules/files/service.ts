import { randomUUID } from 'node:crypto';
import { isFileTooLarge, MAX_UPLOAD_MB } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
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
    const id = randomUUID();
    await this.storage.put(id, data);
    await this.store.insert({ id, userId, purpose, contentType, sizeBytes: data.length, createdAt: this.now() });
    return id;
  }

  async delete(id: string): Promise<void> {
    await this.store.delete(id);
    await this.storage.delete(id);
  }

  signedUrl(id: string): string {
    const exp = Math.ceil((this.now() + FILE_LINK_TTL_MS) / LINK_ROUNDING_MS) * LINK_ROUNDING_MS;
    return `/api/files/${id}?exp=${exp}&sig=${this.sign(id, exp)}`;
  }

  /** The file behind a signed link: 403 when the signature does not match or the link has expired. */
  async open(id: string, exp: number, sig: string): Promise<{ contentType: string; data: Buffer }> {
    if (!safeEqual(this.sign(id, exp), sig)) throw new ApiError(403, 'FILE_LINK_INVALID', 'This file link is not valid. Reload the page to get a new one.');
    if (exp < this.now()) throw new ApiError(403, 'FILE_LINK_EXPIRED', 'This file link has expired. Reload the page to get a new one.');
    const meta = await this.store.file(id);
    const data = meta && (await this.storage.get(id));
    if (!meta || !data) throw new ApiError(404, 'FILE_NOT_FOUND', 'This file is no longer available.');
    return { contentType: meta.contentType, data };
  }

  private sign(id: string, exp: number): string {
    return hmac(this.key, `${id}.${exp}`);
  }
}

export const tooLarge = () => new ApiError(413, 'FILE_TOO_LARGE', `This photo is larger than ${MAX_UPLOAD_MB} MB. Choose a smaller one.`);
