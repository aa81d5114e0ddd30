// The purchase flow across screens: one jotai atom in the shared store, kept in sessionStorage so a reload keeps what
// the rider typed and chose. Only ids, names and sizes of uploaded proofs are stored, never file contents.
import { useAtom } from 'jotai';
import { sessionJsonAtom } from '@sawari/runtime';
import { EMPTY_FLOW, parseFlow } from './model';

export const FLOW_STORAGE_KEY = 'sawari.passes.flow';

const stored = sessionJsonAtom(FLOW_STORAGE_KEY, parseFlow, EMPTY_FLOW);
export const { read: readFlow, write: writeFlow } = stored;
/** The flow; read from sessionStorage on first use, written back on every change. */
export const flowAtom = stored.atom;

export const useFlow = () => useAtom(flowAtom);
