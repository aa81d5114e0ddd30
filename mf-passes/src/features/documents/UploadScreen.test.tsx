/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { chosenFlow, details, offline, product } from '../../test/fixtures';
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

  it('Hindi', async () => {
    renderAt(ROUTE, ROUTE, <UploadScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('upload.heading'));
    expect(await screen.findByText(hiText('upload.needBoth'))).toBeTruthy();
  });
});
