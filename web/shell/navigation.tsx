import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";
import { flushSync } from "react-dom";

/**
 * Client-side navigation on the History API: what the app needs of a router (links, navigate,
 * location with state, search params) in a few lines, so the signed-in first screen does not load
 * a router library (the bundle budget of bench/RESULTS.md).
 */
export type AppLocation = { pathname: string; search: string; state: unknown };
export type NavigateOptions = { replace?: boolean; state?: unknown; flushSync?: boolean };

function readLocation(): AppLocation {
  const { pathname, search } = window.location;
  const entry = window.history.state as { usr?: unknown } | null;
  return { pathname, search, state: entry?.usr ?? null };
}

const listeners = new Set<(sync: boolean) => void>();

/** Moves to `to` (path and optional query) and re-renders the app; back/forward work as usual. */
export function navigate(to: string, options: NavigateOptions = {}): Promise<void> {
  const entry = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
  if (options.replace) window.history.replaceState(entry, "", to);
  else window.history.pushState(entry, "", to);
  for (const listener of listeners) listener(Boolean(options.flushSync));
  return Promise.resolve();
}

export function useNavigate() {
  return navigate;
}

const LocationContext = createContext<AppLocation | null>(null);

/** Holds the current location; every navigation (and back/forward) updates it. */
export function NavigationProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readLocation);
  useLayoutEffect(() => {
    const update = (sync: boolean) => {
      // Like a router: keep the current screen up while the next lazy screen loads.
      if (sync) flushSync(() => setLocation(readLocation()));
      else startTransition(() => setLocation(readLocation()));
    };
    const onPopState = () => update(false);
    listeners.add(update);
    window.addEventListener("popstate", onPopState);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", onPopState);
    };
  }, []);
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

export function useLocation(): AppLocation {
  const location = useContext(LocationContext);
  if (!location) throw new Error("useLocation needs a NavigationProvider");
  return location;
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** Navigates once rendered (a redirect inside the app). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  useEffect(() => {
    void navigate(to, { replace });
  }, [to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/** A real link (open in a new tab works); a plain left click navigates without a page load. */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== "_self")) return;
    event.preventDefault();
    void navigate(to);
  };
  return <a href={to} target={target} onClick={handleClick} {...rest} />;
}
