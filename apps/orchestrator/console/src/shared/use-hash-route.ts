import { useEffect, useState } from 'preact/hooks';

/** The page's hash without `#`, split on `/` (`#/runs/abc` → `['runs', 'abc']`), following back and forward. */
export function useHashRoute(): readonly string[] {
  const read = () =>
    window.location.hash
      .replace(/^#\/?/, '')
      .split('/')
      .filter((part) => part !== '')
      .map(decodeURIComponent);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const onChange = () => setRoute(read());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
