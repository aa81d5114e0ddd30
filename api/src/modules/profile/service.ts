import type { ProfileInput, UserProfile } from '@sawari/contracts';
import type { Clock } from '../../platform/clock';
import { ApiError } from '../../platform/errors';
import type { FileService } from '../files';
import type { ProfileFields, ProfileStore } from './store';

const noProfile = () => new ApiError(404, 'USER_DOES_NOT_EXIST', 'There is no profile for this account yet. Fill in your details to create one.');
const tidyName = (s: string) => s.trim().replace(/\s+/g, ' ');

/** Profile rules: one per account; the mobile number comes from the account; the photo is a signed link. */
export class ProfileService {
  constructor(
    private readonly store: ProfileStore,
    private readonly files: FileService,
    private readonly now: Clock,
  ) {}

  async get(userId: string): Promise<UserProfile> {
    const a = await this.store.account(userId);
    if (!a?.profile) throw noProfile();
    return { userId, ...a.profile, mobileNumber: a.mobileNumber, profilePhoto: a.photoFileId ? this.files.signedUrl(a.photoFileId) : null };
  }

  async create(userId: string, input: ProfileInput): Promise<UserProfile> {
    const fields = this.fields(input, null);
    if (!(await this.store.create(userId, fields, this.now())))
      throw new ApiError(409, 'PROFILE_EXISTS', 'This account already has a profile. Edit it instead.');
    return this.get(userId);
  }

  /** Fields left out keep their value; null clears an optional field. */
  async update(userId: string, input: ProfileInput): Promise<UserProfile> {
    const current = (await this.store.account(userId))?.profile;
    if (!current) throw noProfile();
    if (!(await this.store.update(userId, this.fields(input, current), this.now()))) throw noProfile();
    return this.get(userId);
  }

  /** Stores a new photo for the account (the previous one is deleted) and answers its signed link. */
  async setPhoto(userId: string, data: Buffer): Promise<{ profilePhoto: string }> {
    const id = await this.files.saveImage(userId, 'profile-photo', data);
    const previous = await this.store.setPhoto(userId, id);
    if (previous) await this.files.delete(previous);
    return { profilePhoto: this.files.signedUrl(id) };
  }

  private fields(input: ProfileInput, current: ProfileFields | null): ProfileFields {
    if (input.dobInMillis != null && input.dobInMillis > this.now()) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'Field "dobInMillis" in the request body: the date of birth cannot be in the future.');
    }
    const pick = <K extends 'mailId' | 'gender' | 'dobInMillis'>(k: K): ProfileFields[K] =>
      input[k] === undefined ? (current?.[k] ?? null) : (input[k] as ProfileFields[K]);
    return {
      firstName: tidyName(input.firstName),
      lastName: tidyName(input.lastName),
      mailId: pick('mailId'),
      gender: pick('gender'),
      dobInMillis: pick('dobInMillis'),
    };
  }
}
