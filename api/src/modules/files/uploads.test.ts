import { ORPHAN_UPLOAD_TTL_MS, UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_MB } from '@sawari/domain';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { passProofReferences } from '../passes/file-references';
import { ProfileStore } from '../profile/store';
import { Uploads } from './service';
import { MemoryFileStorage } from './storage';
import { FileStore } from './store';

// per-rider upload quotas (count and bytes), and uploads nothing uses deleted after a day.
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(size - PNG_HEAD.length, 7)]);
function multipart(file: Buffer) {
  const boundary = '----sawari-quota-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.png"\r\ncontent-type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`upload quota and orphaned uploads ${dbLabel()}`, () => {
  const clock = new TestClock();
  const storage = new MemoryFileStorage();
  let s: TestServer;
  let phone = 9876531000;
  const rider = () => signIn(s.app, s.db, String((phone += 1)));
  const proof = (who: Session, file: Buffer) => {
    const m = multipart(file);
    return s.app.inject({ method: 'POST', url: '/api/passes/proofs', headers: { ...who.headers, ...m.headers }, payload: m.payload });
  };
  const photo = (who: Session, file: Buffer) => {
    const m = multipart(file);
    return s.app.inject({ method: 'POST', url: '/api/files/profile-image', headers: { ...who.headers, ...m.headers }, payload: m.payload });
  };
  const stored = async (userId: string) => Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM files WHERE user_id = $1', [userId])).rows[0].n);

  beforeAll(async () => {
    s = await startTestServer({ now: clock.now, files: storage });
  }, 60_000);
  afterAll(() => s?.cleanup());

  it(`one file past ${UPLOAD_QUOTA_FILES} stored files is 409 UPLOAD_QUOTA_REACHED; other riders are not affected`, async () => {
    const a = await rider();
    for (let i = 0; i < UPLOAD_QUOTA_FILES; i += 1) expect((await proof(a, png(300))).statusCode).toBe(201);
    expectError(await proof(a, png(300)), 409, 'UPLOAD_QUOTA_REACHED', new RegExp(`${UPLOAD_QUOTA_FILES} files or ${UPLOAD_QUOTA_MB} MB`));
    expectError(await photo(a, png(300)), 409, 'UPLOAD_QUOTA_REACHED');
    expect(await stored(a.userId)).toBe(UPLOAD_QUOTA_FILES);
    const b = await rider();
    expect((await proof(b, png(300))).statusCode).toBe(201);
  });

  it(`bytes: ${UPLOAD_QUOTA_MB} MB fit, one byte more does not`, async () => {
    const a = await rider();
    const fiveMb = png(5_000_000);
    for (let i = 0; i < UPLOAD_QUOTA_MB / 5; i += 1) expect((await proof(a, fiveMb)).statusCode).toBe(201);
    expectError(await proof(a, png(100)), 409, 'UPLOAD_QUOTA_REACHED');
  }, 60_000);

  it('20 concurrent uploads near the limit store exactly up to the limit', async () => {
    const a = await rider();
    for (let i = 0; i < UPLOAD_QUOTA_FILES - 5; i += 1) expect((await proof(a, png(200))).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => proof(a, png(200))));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(15);
    expect(await stored(a.userId)).toBe(UPLOAD_QUOTA_FILES);
  });

  it('an upload nobody uses is deleted a day after it arrived (bytes too); a used or younger one is kept', async () => {
    const a = await rider();
    const orphan = (await proof(a, png(400))).json() as { fileId: string };
    expect((await photo(a, png(500))).statusCode).toBe(200);
    const photoId = (await s.db.query<{ id: string }>('SELECT photo_file_id AS id FROM users WHERE id = $1', [a.userId])).rows[0].id;
    clock.advance(ORPHAN_UPLOAD_TTL_MS - 60_000);
    const young = (await proof(a, png(400))).json() as { fileId: string };
    const profiles = new ProfileStore(s.db);
    const uploads = new Uploads(new FileStore(s.db), storage, clock.now);
    const owners = [{ purpose: 'profile-photo', referenced: (ids: string[]) => profiles.photoReferences(ids) }, passProofReferences(s.db)];
    expect(await uploads.sweepOrphans(owners)).toBe(0);
    clock.advance(120_000);
    await uploads.sweepOrphans(owners);
    const left = (await s.db.query<{ id: string }>('SELECT id FROM files WHERE user_id = $1', [a.userId])).rows.map((r) => r.id).sort();
    expect(left).toEqual([photoId, young.fileId].sort());
    expect(await storage.get(orphan.fileId)).toBeNull();
    expect(await storage.get(photoId)).not.toBeNull();
  });
});
