/** The page's LocalFileLoader, for the panel and the drop zone (null until the worker has started). */
import { createContext, useContext } from 'react';
import type { LocalFileLoader } from './local-file-loader.ts';

export const LocalFileContext = createContext<LocalFileLoader | null>(null);

export const useLocalFileLoader = (): LocalFileLoader | null => useContext(LocalFileContext);
