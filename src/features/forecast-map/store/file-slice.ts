/** The forecast file being shown: download progress (bytes), its header, or why it could not be read. */
import type { StateCreator } from 'zustand';
import type { DownloadProgress, ForecastFileMeta, LinkDecision } from '../../../../workers/forecast.api.ts';
import { INITIAL_RANGE } from '../colour-range.ts';
import type { FieldSlice } from './field-slice.ts';

export type FileStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface FileSlice {
  fileStatus: FileStatus;
  progress: DownloadProgress | null;
  fileMeta: ForecastFileMeta | null;
  /** The short reason shown in the sidebar when the file could not be loaded or read. */
  fileError: string | null;
  /** How the worker fetches this file: slices or the whole file, on the link's measured speed (null: opened whole). */
  linkDecision: LinkDecision | null;
  /** A new file is being fetched: drop what was drawn, range back to the pre-data default. */
  fileLoading: () => void;
  fileProgress: (progress: DownloadProgress) => void;
  fileLoaded: (meta: ForecastFileMeta) => void;
  /** The file failed: stop drawing. */
  fileFailed: (message: string) => void;
  /** No date to load (none available): nothing loaded, nothing drawn. */
  fileCleared: () => void;
  linkDecided: (decision: LinkDecision | null) => void;
}

export const createFileSlice: StateCreator<FileSlice & FieldSlice, [], [], FileSlice> = (set) => ({
  fileStatus: 'idle',
  progress: null,
  fileMeta: null,
  fileError: null,
  linkDecision: null,
  fileLoading: () =>
    set({
      fileStatus: 'loading',
      progress: { loaded: 0, total: null },
      fileMeta: null,
      fileError: null,
      linkDecision: null,
      field: null,
      fieldMissing: false,
      range: INITIAL_RANGE,
    }),
  fileProgress: (progress) => set({ progress }),
  fileLoaded: (meta) => set({ fileStatus: 'ready', fileMeta: meta, fileError: null }),
  fileFailed: (message) =>
    set({ fileStatus: 'error', fileMeta: null, fileError: message, field: null, fieldMissing: false, range: INITIAL_RANGE }),
  linkDecided: (linkDecision) => set({ linkDecision }),
  fileCleared: () =>
    set({ fileStatus: 'idle', progress: null, fileMeta: null, fileError: null, field: null, fieldMissing: false, range: INITIAL_RANGE }),
});
