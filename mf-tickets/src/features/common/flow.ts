// The buying flow across screens: one jotai atom in the shared store, kept in sessionStorage so a reload (or the trip
// to the shell's checkout and back) keeps what the rider typed and chose.
import { atom, useAtom } from 'jotai';
import { EMPTY_FLOW, parseFlow, type Flow } from './model';

export const FLOW_STORAGE_KEY = 'sawari.tickets.flow';

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readFlow(): Flow {
  try {
    const raw = session()?.getItem(FLOW_STORAGE_KEY);
    return raw ? parseFlow(JSON.parse(raw)) : EMPTY_FLOW;
  } catch {
    return EMPTY_FLOW;
  }
}

function writeFlow(flow: Flow): void {
  try {
    session()?.setItem(FLOW_STORAGE_KEY, JSON.stringify(flow));
  } catch {
    // storage blocked or full: the in-memory flow still works for this visit
  }
}

const base = atom<Flow | null>(null);
export const flowAtom = atom(
  (get) => get(base) ?? readFlow(),
  (get, set, update: Flow | ((f: Flow) => Flow)) => {
    const next = typeof update === 'function' ? update(get(base) ?? readFlow()) : update;
    set(base, next);
    writeFlow(next);
  },
);

export const useFlow = () => useAtom(flowAtom);
