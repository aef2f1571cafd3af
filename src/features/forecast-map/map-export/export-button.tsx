/** 'Сохранить PNG' in the sidebar's tools block: exports the map as shown and downloads it. */
import { useState } from 'react';
import { saveFile } from '../../../components/save-file.ts';
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap, useForecastMapStore } from '../store/store-context.ts';
import { exportMapPng } from './export-png.ts';
import { mapOf } from './map-registry.ts';

export function ExportButton() {
  const store = useForecastMapStore();
  const ready = useForecastMap((state) => state.fileStatus === 'ready');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const save = async () => {
    const map = mapOf(store);
    if (!map) return;
    setBusy(true);
    setFailed(false);
    try {
      const result = await exportMapPng(map, store.getState());
      saveFile(result.blob, result.name);
    } catch (error) {
      console.error('Map export failed:', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="toggle map-tools__export" disabled={!ready || busy} onClick={() => void save()}>
        {ru.mapTools.savePng}
      </button>
      {failed && (
        <p className="forecast-sidebar__error" role="alert">
          {ru.mapTools.exportFailed}
        </p>
      )}
    </>
  );
}
