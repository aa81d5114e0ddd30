/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { chosenFlow, details, offline, product, refused } from '../../test/fixtures';
import { getFlow, hiText, location, renderAt, setFlow } from '../../test/render';
import * as api from '../common/api';
import type { UploadedProof } from '../common/model';
import { UploadScreen } from './UploadScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/upload-documents';
const photo: UploadedProof = { kind: 'PHOTO', fileId: 'f-photo', name: 'me.jpg', sizeBytes: 120_000, contentType: 'image/jpeg' };
const id: UploadedProof = { kind: 'STUDENT_ID', fileId: 'f-id', name: 'id.pdf', sizeBytes: 640_000, contentType: 'application/pdf' };
const choose = (input: HTMLElement, file: File) => fireEvent.change(input, { target: { files: [file] } });
beforeAll(() => {
  URL.createObjectURL = () => 'blob:preview';
});
beforeEach(() => {
  jest.resetAllMocks();
  mocked.loadProduct.mockResolvedValue(product());
  setFlow(chosenFlow({ categoryId: 'student', fmId: 'stu-30', details: details() }));
});

describe('UploadScreen: the photograph and the proof', () => {
  it('loading', () => {
    mocked.loadProduct.mockReturnValue(new Promise(() => undefined));
    renderAt(ROUTE, ROUTE, <UploadScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Upload documents' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('nothing uploaded: Continue off, the proof the category asks for preselected', async () => {
    renderAt(ROUTE, ROUTE, <UploadScreen />);
    expect(((await screen.findByRole('button', { name: 'Continue' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Upload your photograph and one proof document to continue.')).toBeTruthy();
    expect((screen.getByLabelText('Kind of proof') as HTMLSelectElement).value).toBe('STUDENT_ID');
  });

  it('a file of the wrong type is refused here, nothing sent', async () => {
    renderAt(ROUTE, ROUTE, <UploadScreen />);
    choose(await screen.findByLabelText('Your photograph'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toContain('notes.txt is not a JPEG, PNG or WebP image. The photograph must be an image.');
    expect(mocked.uploadProof).not.toHaveBeenCalled();
  });

  it('uploaded both: kept in the flow, Continue goes to the review', async () => {
    mocked.uploadProof.mockResolvedValueOnce(photo).mockResolvedValueOnce(id);
    renderAt(ROUTE, ROUTE, <UploadScreen />);
    choose(await screen.findByLabelText('Your photograph'), new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: 'Preview of me.jpg' })).toBeTruthy();
    choose(screen.getByLabelText('Your Student ID card'), new File(['x'], 'id.pdf', { type: 'application/pdf' }));
    const next = await screen.findByRole('button', { name: 'Continue' });
    await screen.findByText('id.pdf');
    expect(
      getFlow()
        .proofs.map((p) => p.fileId)
        .sort(),
    ).toEqual(['f-id', 'f-photo']);
    fireEvent.click(next);
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/productHooks/bus-pass-purchase/document-verify');
  });

  it('a failed upload: the reason, the file kept with Retry, which sends it again', async () => {
    mocked.uploadProof.mockRejectedValueOnce(offline()).mockResolvedValueOnce(photo);
    renderAt(ROUTE, ROUTE, <UploadScreen />);
    choose(await screen.findByLabelText('Your photograph'), new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Seems like you are offline.');
    fireEvent.click(screen.getByRole('button', { name: 'Try the upload again' }));
    expect(await screen.findByText('me.jpg')).toBeTruthy();
    expect(mocked.uploadProof).toHaveBeenCalledTimes(2);
  });

  // Every code POST /api/passes/proofs answers (passes routes, the files module's quota, the framework's body limit),
  // and what the app makes of no answer, a session that ended and a busy server: the rider's words, never the API's.
  it.each([
    [413, 'FILE_TOO_LARGE', 'This file is larger than 5 MB. Choose a smaller one.'],
    [413, 'PAYLOAD_TOO_LARGE', 'This file is larger than 5 MB. Choose a smaller one.'],
    [415, 'UNSUPPORTED_FILE_TYPE', 'This file is not a JPEG, PNG or WebP image or a PDF.'],
    [409, 'UPLOAD_QUOTA_REACHED', 'Your account already holds the most uploads we keep (30 files or 50 MB).'],
    [400, 'FILE_MISSING', 'The file did not arrive whole. Choose it again and try the upload again.'],
    [400, 'BAD_UPLOAD', 'The file did not arrive whole. Choose it again and try the upload again.'],
    [415, 'UNSUPPORTED_MEDIA_TYPE', 'The file did not arrive whole. Choose it again and try the upload again.'],
    [0, 'NETWORK_ERROR', 'Seems like you are offline. Please check your internet connection and try again'],
    [401, 'UNAUTHENTICATED', 'Your session has ended, so the file was not sent. Sign in again, then upload it.'],
    [401, 'TOKEN_EXPIRED', 'Your session has ended, so the file was not sent. Sign in again, then upload it.'],
    [503, 'HTTP_503', 'Sawari is busy right now, so the file was not sent. Try the upload again in a minute.'],
    [500, 'INTERNAL', 'The file could not be uploaded. Try the upload again. If it keeps failing, contact support.'],
  ])('upload refused %i %s: the rider’s words, the file kept with Retry, never the API’s text', async (status, code, words) => {
    mocked.uploadProof.mockRejectedValueOnce(refused(status, code));
    renderAt(ROUTE, ROUTE, <UploadScreen />);
    choose(await screen.findByLabelText('Your photograph'), new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(words);
    expect(alert.textContent).not.toContain('developer text');
    expect(alert.textContent).not.toContain(code);
    expect(screen.getByRole('button', { name: 'Try the upload again' })).toBeTruthy();
  });

  it('an upload refused with a code the app does not know: general words, Retry and the way to support, never the API’s text', async () => {
    mocked.uploadProof.mockRejectedValueOnce(refused(422, 'SOMETHING_NEW')).mockResolvedValueOnce(photo);
    renderAt(ROUTE, ROUTE, <UploadScreen />);
    choose(await screen.findByLabelText('Your photograph'), new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The file could not be uploaded. Try the upload again. If it keeps failing, contact support.');
    expect(alert.textContent).not.toMatch(/developer text|SOMETHING_NEW/);
    expect(within(alert).getByRole('link', { name: 'Contact support (offices, hours and phone numbers)' }).getAttribute('href')).toBe('/SOS');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try the upload again' }));
    expect(await screen.findByText('me.jpg')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Contact support/ })).toBeNull();
  });

  it('an upload refused, in Hindi: the Hindi words, never the API’s text', async () => {
    mocked.uploadProof.mockRejectedValueOnce(refused(500, 'INTERNAL'));
    renderAt(ROUTE, ROUTE, <UploadScreen />, 'hi');
    choose(await screen.findByLabelText(hiText('upload.photo')), new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(hiText('upload.error.unknown'));
    expect(alert.textContent).toContain('सहायता से संपर्क करें');
    expect(alert.textContent).not.toMatch(/developer text|INTERNAL/);
    expect(within(alert).getByRole('link', { name: hiText('upload.support') })).toBeTruthy();
  });

  it('Hindi', async () => {
    renderAt(ROUTE, ROUTE, <UploadScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('upload.heading'));
    expect(await screen.findByText(hiText('upload.needBoth'))).toBeTruthy();
  });
});
