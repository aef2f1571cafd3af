/**
 * Dropping a file on the map opens it as 'Открыть файл' does. The wrapper takes no room (display: contents);
 * while a file is dragged over, a notice covers the map.
 */
import { useState, type ReactNode } from 'react';
import { ru } from '../../../i18n/ru.ts';
import { useLocalFileLoader } from './local-file-context.ts';

export function LocalFileDropZone({ children }: { children: ReactNode }) {
  const loader = useLocalFileLoader();
  const [over, setOver] = useState(false);
  const hasFiles = (event: React.DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
  return (
    <div
      className="local-file-drop"
      data-testid="local-file-drop"
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault(); // allow the drop
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault(); // no navigation to the file
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file) void loader?.open(file);
      }}
    >
      {children}
      {over && (
        <div className="local-file-drop__notice" role="status">
          {ru.localFile.dropHere}
        </div>
      )}
    </div>
  );
}
