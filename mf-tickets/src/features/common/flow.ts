// The buying flow across screens: one jotai atom in the shared store, kept in sessionStorage so a reload (or the trip
// to the shell's checkout and back) keeps what the rider typed and chose.
import { useAtom } from 'jotai';
import { sessionJsonAtom } from '@sawari/runtime';
import { EMPTY_FLOW, parseFlow } from './model';

export const FLOW_STORAGE_KEY = 'sawari.tickets.flow';

export const flowAtom = sessionJsonAtom(FLOW_STORAGE_KEY, parseFlow, EMPTY_FLOW).atom;

export const useFlow = () => useAtom(flowAtom);
