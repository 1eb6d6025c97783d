// Route-level code splitting: each screen and heavy dialog is its own chunk, fetched when first
// shown, so the login screen loads only the shell's code and the vendor chunks.
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** React.lazy for a named export (the screens export names, not defaults). */
export function lazyNamed<P extends object>(load: () => Promise<Record<string, unknown>>, name: string): ComponentType<P> & { preload: () => void } {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType<P> })),
    // The module system fetches a chunk once; an early call only starts it sooner.
    { preload: () => void load().catch(() => undefined) },
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
  return <Suspense fallback={<ChunkLoading />}>{children}</Suspense>;
}

/**
 * Mounts a lazy dialog once it is first opened and keeps it mounted after, so its close animation
 * and state behave as if it had always been there, and a page that never opens it never fetches it.
 */
export function LazyDialog({ open, children }: { open: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
