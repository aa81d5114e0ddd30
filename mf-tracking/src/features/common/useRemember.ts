import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { rememberScreen } from './saved';

/** Remembers this screen (path and query) under `label` once it has shown its data (label non-null). */
export function useRemember(label: string | null): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (label) rememberScreen(`${pathname}${search}`, label);
  }, [label, pathname, search]);
}
