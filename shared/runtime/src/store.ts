import { createStore } from 'jotai/vanilla';

/**
 * THE jotai store. React context does not cross single-spa roots, so every remote renders
 * `<Provider store={sawariStore}>` and state every part of the app needs (session, city, language) lives here.
 * This module is a federated singleton (the shell's copy), so the store is created exactly once per page.
 */
export const sawariStore = createStore();
