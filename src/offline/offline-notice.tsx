/**
 * The notice shown while the app works from its offline copies: 'Нет связи: показаны сохранённые прогнозы'
 * and the forecast dates it holds. Nothing when the link is up.
 */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { ru } from '../i18n/ru.ts';
import { connectionStore, isOffline } from './connection-state.ts';
import { readSavedForecasts } from './saved-forecasts.ts';

export function OfflineNotice() {
  const offline = useStore(connectionStore, isOffline);
  const [dates, setDates] = useState<string[] | null>(null);
  useEffect(() => {
    if (!offline) return;
    let live = true;
    readSavedForecasts().then(
      (saved) => live && setDates(saved?.dates ?? []),
      () => live && setDates([]),
    );
    return () => {
      live = false;
    };
  }, [offline]);
  if (!offline) return null;
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      <strong>{ru.offline.notice}</strong>
      {dates !== null && <span> {dates.length > 0 ? ru.offline.dates(dates.join(', ')) : ru.offline.noDates}</span>}
    </div>
  );
}

/** The offline copy's size and limit, e.g. 'Сохранено для работы без связи: 12,3 МБ из 300 МБ'. */
export function SavedForecastsInfo() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const refresh = () =>
      readSavedForecasts().then(
        (saved) => live && saved && setText(ru.offline.saved(megabytes(saved.bytes), megabytes(saved.limitBytes))),
        () => undefined,
      );
    void refresh();
    // The decode worker adds to the copy in the background: show the growth now and then (every 5 s).
    const timer = setInterval(refresh, 5000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  if (text === null) return null;
  return (
    <p className="forecast-sidebar__note" data-testid="saved-forecasts">
      {text}
    </p>
  );
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toLocaleString('ru-RU', { maximumFractionDigits: 1 });
