// The import wizard's state and its three calls (upload + first reading, reading again with a
// changed layout, commit), each with progress polled from the server while it runs.
import { useRef, useState } from 'react';
import { call } from '../api/client';
import type { ImportDuplicateChoice, ImportPreview, ImportProgress, ImportResult } from '../../shared/records';
import { choicesOf, initialDecisions, undecided, type LocationDecisions } from './ImportLocations';
import { toBase64 } from '../app/base64';

// Under the contract's ~1 MB of file per call (base64 in a 2 MB body); read slice by slice, so a
// big file is never held whole in the page either.
const CHUNK_BYTES = 960 * 1024;
/** How often the wizard asks where a running read or write is. */
const POLL_MS = 300;
/** Reading and writing 100 000 rows takes seconds; a stalled server still ends the wait. */
const LONG_CALL_MS = 10 * 60_000;

export type Phase = 'choose' | 'uploading' | 'reading' | 'mapping' | 'writing' | 'done';

/** What a reading with a changed layout changes (the rest stays as the user left it). */
export interface LayoutChange {
  mapping?: ImportPreview['mapping'];
  headerRow?: number;
  sections?: boolean;
  keep?: boolean;
  duplicates?: ImportDuplicateChoice;
}


/** Runs a preview or commit call while polling the import's progress for the bar. */
function useProgressPoll() {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const polling = useRef(0);
  const tracked = async <T>(id: string, run: () => Promise<T>): Promise<T> => {
    const me = ++polling.current;
    setProgress(null);
    const timer = setInterval(() => {
      call('importStatus', { importId: id }).then(
        (st) => polling.current === me && st.progress && setProgress(st.progress),
        () => undefined,
      );
    }, POLL_MS);
    try {
      return await run();
    } finally {
      clearInterval(timer);
      if (polling.current === me) polling.current++;
    }
  };
  return { progress, tracked };
}

/** What the user decides on the review step (sent with every reading and the commit). */
function useImportChoices() {
  const [skipBad, setSkipBad] = useState(false);
  const [keepBadCas, setKeepBadCas] = useState(false);
  const [sectionAsCategory, setSectionAsCategory] = useState(false);
  const [places, setPlaces] = useState<LocationDecisions>({});
  const [duplicates, setDuplicates] = useState<ImportDuplicateChoice>('import');
  const reset = () => {
    setSkipBad(false);
    setKeepBadCas(false);
    setSectionAsCategory(false);
    setPlaces({});
    setDuplicates('import');
  };
  return { skipBad, setSkipBad, keepBadCas, setKeepBadCas, sectionAsCategory, setSectionAsCategory, places, setPlaces, duplicates, setDuplicates, reset };
}

export function useImportWizard() {
  const [phase, setPhase] = useState<Phase>('choose');
  const [percent, setPercent] = useState(0);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const choices = useImportChoices();
  const { skipBad, keepBadCas, sectionAsCategory, places, setPlaces, duplicates } = choices;
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { progress, tracked } = useProgressPoll();
  /** The import on the server this wizard holds (its upload and spool), discarded when left. */
  const importId = useRef<string | undefined>(undefined);

  const reset = () => {
    setPhase('choose');
    setPercent(0);
    setPreview(null);
    choices.reset();
    setResult(null);
    setError(null);
  };

  const upload = async (file: File) => {
    setError(null);
    setPhase('uploading');
    setPercent(0);
    try {
      importId.current = undefined;
      for (let off = 0; ; off += CHUNK_BYTES) {
        const last = off + CHUNK_BYTES >= file.size;
        const bytes = new Uint8Array(await file.slice(off, off + CHUNK_BYTES).arrayBuffer());
        const res: { importId: string } = await call('importUpload', { importId: importId.current, fileName: file.name, chunk: toBase64(bytes), last });
        importId.current = res.importId;
        setPercent(Math.round((Math.min(off + CHUNK_BYTES, file.size) / Math.max(file.size, 1)) * 100));
        if (last) break;
      }
      setPhase('reading');
      const id = importId.current!;
      const p = await tracked(id, () => call('importPreview', { importId: id }, { timeoutMs: LONG_CALL_MS }));
      setPreview(p);
      setPlaces(initialDecisions(p.locations));
      setPhase('mapping');
    } catch (e) {
      setError((e as Error).message);
      setPhase('choose');
    }
  };

  /** Reads the file again with a changed layout; a new header row re-suggests the mapping. */
  const refresh = async (change: LayoutChange) => {
    if (!preview) return;
    const headerRow = change.headerRow ?? preview.headerRow;
    const mapping = change.headerRow !== undefined && change.headerRow !== preview.headerRow ? undefined : (change.mapping ?? preview.mapping);
    const input = { importId: preview.importId, mapping, headerRow, sectionAsCategory: change.sections ?? sectionAsCategory, keepBadCasCheckDigits: change.keep ?? keepBadCas, duplicates: change.duplicates ?? duplicates };
    setBusy(true);
    try {
      const p = await tracked(preview.importId, () => call('importPreview', input, { timeoutMs: LONG_CALL_MS }));
      setPreview(p);
      // Decisions already made stay; texts new to this reading start from their match.
      setPlaces((d) => ({ ...initialDecisions(p.locations), ...Object.fromEntries(Object.entries(d).filter(([, v]) => v)) }));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!preview) return;
    setPhase('writing');
    try {
      const input = { importId: preview.importId, mapping: preview.mapping, headerRow: preview.headerRow, sectionAsCategory, duplicates, skipBadRows: skipBad, keepBadCasCheckDigits: keepBadCas, locations: choicesOf(preview.locations, places) };
      setResult(await tracked(preview.importId, () => call('importCommit', input, { timeoutMs: LONG_CALL_MS })));
      setPhase('done');
    } catch (e) {
      setError((e as Error).message);
      setPhase('mapping');
    }
  };

  /** Leaving the wizard: a file read in the background for nobody, and an upload kept for an hour, would be waste. */
  const discard = () => {
    if (importId.current && !result) void call('importCancel', { importId: importId.current, discard: true }).catch(() => undefined);
    importId.current = undefined;
    reset();
  };

  const mapped = !!preview && preview.mapping.name !== undefined && preview.mapping.quantity !== undefined;
  const canCommit = !!preview && mapped && preview.validRows > 0 && (preview.badRows === 0 || skipBad) && undecided(preview.locations, places) === 0;

  return {
    phase, percent, preview, result, error, setError, busy, progress, mapped, canCommit,
    choices,
    upload, refresh, commit, reset, discard,
  };
}

export type ImportWizardState = ReturnType<typeof useImportWizard>;
