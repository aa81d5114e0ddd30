/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { chosenFlow, details, order, product, refused } from '../../test/fixtures';
import { hiText, location, renderAt, setFlow } from '../../test/render';
import * as api from '../common/api';
import type { UploadedProof } from '../common/model';
import { VerifyScreen } from './VerifyScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/document-verify';
const proofs: UploadedProof[] = [
  { kind: 'PHOTO', fileId: 'f-photo', name: 'me.jpg', sizeBytes: 120_000, contentType: 'image/jpeg' },
  { kind: 'STUDENT_ID', fileId: 'f-id', name: 'id.pdf', sizeBytes: 640_000, contentType: 'application/pdf' },
];
const student = (over = {}) => chosenFlow({ categoryId: 'student', fmId: 'stu-30', details: details(), proofs, ...over });
beforeEach(() => {
  jest.resetAllMocks();
  mocked.loadProduct.mockResolvedValue(product());
  setFlow(student());
});

describe('VerifyScreen: check, then submit for verification', () => {
  it('loading', () => {
    mocked.loadProduct.mockReturnValue(new Promise(() => undefined));
    renderAt(ROUTE, ROUTE, <VerifyScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Check and submit' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('loaded: pass, rider and both files; Submit makes the order, submits it and shows it submitted', async () => {
    mocked.createOrder.mockResolvedValue(order({ transactionId: 'PASS-V', status: 'UNVERIFIED' }));
    mocked.submitForVerification.mockResolvedValue(order({ transactionId: 'PASS-V', status: 'UNVERIFIED', submittedForVerification: true }));
    renderAt(ROUTE, ROUTE, <VerifyScreen />);
    const submit = await screen.findByRole('button', { name: 'Submit for verification' });
    expect(screen.getByText('Student ID card').nextElementSibling?.textContent).toBe('id.pdf');
    expect(screen.getByText('Full name').nextElementSibling?.textContent).toBe('Asha Rao');
    fireEvent.click(submit);
    await screen.findByText('elsewhere');
    expect(mocked.createOrder.mock.calls[0][0].proofs).toEqual([
      { kind: 'PHOTO', fileId: 'f-photo' },
      { kind: 'STUDENT_ID', fileId: 'f-id' },
    ]);
    expect(mocked.submitForVerification).toHaveBeenCalledWith('PASS-V');
    expect(location.current).toBe('/productHooks/bus-pass-purchase/submit-for-verification-successful/PASS-V');
  });

  it('already submitted (a reload, a double tap): nothing sent again', async () => {
    setFlow(student({ transactionId: 'PASS-V' }));
    mocked.loadOrder.mockResolvedValue(order({ transactionId: 'PASS-V', status: 'UNVERIFIED', submittedForVerification: true }));
    renderAt(ROUTE, ROUTE, <VerifyScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for verification' }));
    await screen.findByText('elsewhere');
    expect(mocked.createOrder).not.toHaveBeenCalled();
    expect(mocked.submitForVerification).not.toHaveBeenCalled();
  });

  it('refused (a proof the server lost): the reason and the way to upload again', async () => {
    mocked.createOrder.mockRejectedValue(refused(422, 'PROOF_NOT_FOUND'));
    renderAt(ROUTE, ROUTE, <VerifyScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for verification' }));
    expect((await screen.findByRole('alert')).textContent).toContain('One of your documents could not be found.');
    expect(screen.getByRole('link', { name: 'Upload documents again' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit for verification' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('proofs missing: start again, nothing to submit', async () => {
    setFlow(student({ proofs: [] }));
    renderAt(ROUTE, ROUTE, <VerifyScreen />);
    expect(await screen.findByText('Upload your photograph and one proof document to continue.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for verification' })).toBeNull();
  });

  it('Hindi', async () => {
    renderAt(ROUTE, ROUTE, <VerifyScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('verify.heading'));
    expect(await screen.findByRole('button', { name: hiText('verify.submit') })).toBeTruthy();
  });
});
