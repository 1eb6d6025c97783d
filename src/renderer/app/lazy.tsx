// Route-level code splitting: each screen and heavy dialog is its own chunk, fetched when first
// shown, so the login screen loads only the shell's code and the vendor chunks.
// A chunk that cannot be fetched (browser mode with the service gone) must not blank the window:
// the boundary below shows a retry line and re-checks the session, which shows the degraded login
// page when the service is unreachable.
// Retry imports the chunk again. Chromium before 156 (and so Electron's) keeps a failed module
// import for the life of the document, so a second import fails without asking the server; when
// it does and the service answers, the window reloads at the same address, which fetches anew.
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { getSession, verifySession } from '../session/session-store';
import { useBusyAction } from './use-busy-action';

/** A lazy whose load failed: React.lazy keeps a rejection for ever, so Retry makes it anew. */
interface FailedLoad {
  fetch: () => Promise<unknown>;
  reset: () => void;
}
const failedLoads = new Set<FailedLoad>();

/**
 * React.lazy for a named export (the screens export names, not defaults). Once the chunk is in (a
 * preload at start, or an earlier visit), a new mount renders the component itself: React.lazy
 * would suspend once more and show the loading line for a frame, and React holds a boundary's
 * revealed content back for a while after its fallback showed. Each mount keeps the way it
 * started, so a screen is never remounted when its chunk arrives.
 */
export function lazyNamed<P extends object>(load: () => Promise<Record<string, unknown>>, name: string): ComponentType<P> & { preload: () => Promise<unknown> } {
  let ready: ComponentType<P> | undefined;
  const fetch = () => load().then((m) => (ready = m[name] as ComponentType<P>));
  const make = () =>
    lazy(async () => {
      try {
        return { default: await fetch() };
      } catch (e) {
        failedLoads.add(failed);
        throw e;
      }
    });
  let Current = make();
  const failed: FailedLoad = { fetch, reset: () => (Current = make()) };
  const Loaded = (props: P) => {
    const [Direct] = useState(() => ready);
    return Direct ? <Direct {...props} /> : <Current {...props} />;
  };
  // The module system fetches a chunk once; an early call only starts it sooner.
  return Object.assign(Loaded, { preload: () => fetch().catch(() => undefined) });
}

/** Catches a screen or dialog that could not be loaded or shown; Retry loads it again. */
class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    // Usually the service is gone: the session check then shows the degraded page with its retry.
    void verifySession({ background: true });
  }
  retry = async () => {
    const loads = [...failedLoads];
    try {
      await Promise.all(loads.map((l) => l.fetch()));
    } catch {
      // The import failed again: either the service is still gone (the session check then shows
      // the degraded page) or the browser kept the failed import (reload fetches it anew).
      await verifySession({ background: true });
      if (getSession().status !== 'degraded') location.reload();
      return;
    }
    for (const l of loads) {
      l.reset();
      failedLoads.delete(l);
    }
    this.setState({ failed: false });
  };
  override render() {
    if (!this.state.failed) return this.props.children;
    return <LoadFailed onRetry={this.retry} />;
  }
}

function LoadFailed({ onRetry }: { onRetry: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, retry] = useBusyAction(onRetry);
  return (
    <Alert
      data-testid="chunk-failed"
      type="error"
      showIcon
      style={{ margin: 24 }}
      title={t('lazy.failed')}
      action={
        <Button size="small" loading={busy} onClick={() => void retry()}>
          {t('lazy.retry')}
        </Button>
      }
    />
  );
}

/** The small "loading…" line shown while a chunk arrives. */
export function ChunkLoading() {
  const { t } = useTranslation();
  return (
    <div data-testid="chunk-loading" style={{ display: 'flex', gap: 8, alignItems: 'center', padding: 24 }}>
      <Spin size="small" />
      <span>{t('lazy.loading')}</span>
    </div>
  );
}

export function Lazy({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary>
      <Suspense fallback={<ChunkLoading />}>{children}</Suspense>
    </LoadBoundary>
  );
}

/**
 * Mounts a lazy dialog once it is first opened and keeps it mounted after, so its close animation
 * and state behave as if it had always been there, and a page that never opens it never fetches it.
 */
export function LazyDialog({ open, children }: { open: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <LoadBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadBoundary>
  ) : null;
}
