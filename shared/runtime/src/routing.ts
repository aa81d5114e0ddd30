import { useEffect, useState } from 'react';

/** location.pathname, re-read on every single-spa route change (navigateToUrl, back/forward). */
export function usePathname(): string {
  const [pathname, setPathname] = useState(() => location.pathname);
  useEffect(() => {
    const update = () => setPathname(location.pathname);
    window.addEventListener('single-spa:routing-event', update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener('single-spa:routing-event', update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return pathname;
}
