/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { chosenFlow, details, offline, product } from '../../test/fixtures';
import { hiText, renderAt, setFlow } from '../../test/render';
import * as api from '../common/api';
import { EMPTY_FLOW } from '../common/model';
import { DocumentScreen } from './DocumentScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/document';
beforeEach(() => {
  jest.resetAllMocks();
  setFlow(chosenFlow({ categoryId: 'student', fmId: 'stu-30', details: details() }));
});

describe('DocumentScreen: what proofs the pass needs', () => {
  it('loading', () => {
    mocked.loadProduct.mockReturnValue(new Promise(() => undefined));
    renderAt(ROUTE, ROUTE, <DocumentScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Documents needed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('loaded: the photograph and the proof the category asks for, and the way to upload', async () => {
    mocked.loadProduct.mockResolvedValue(product());
    renderAt(ROUTE, ROUTE, <DocumentScreen />);
    expect(await screen.findByText('A Student pass needs two documents:')).toBeTruthy();
    expect(screen.getByText('Your Student ID card (an image or a PDF).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload documents' }).getAttribute('href')).toBe('/productHooks/bus-pass-purchase/upload-documents');
  });

  it('a lost flow: start again', () => {
    setFlow(EMPTY_FLOW);
    renderAt(ROUTE, ROUTE, <DocumentScreen />);
    expect(screen.getByRole('link', { name: 'See passes' })).toBeTruthy();
  });

  it('error: Retry', async () => {
    mocked.loadProduct.mockRejectedValue(offline());
    renderAt(ROUTE, ROUTE, <DocumentScreen />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('Hindi', async () => {
    mocked.loadProduct.mockResolvedValue(product());
    renderAt(ROUTE, ROUTE, <DocumentScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('doc.heading'));
    expect(await screen.findByRole('link', { name: hiText('doc.start') })).toBeTruthy();
  });
});
