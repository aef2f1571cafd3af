import type { CardIcon as CardIconName } from './cards.ts';

/** Line icons on a 24×24 grid, drawn with the current text colour. */
const PATHS: Record<CardIconName, string> = {
  // a folded map
  map: 'M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Zm0 0v14m6-12v14',
  // a small network: three nodes (circles of radius 2.2) and their links
  model:
    'M3.8 7a2.2 2.2 0 1 0 4.4 0a2.2 2.2 0 1 0-4.4 0ZM15.8 7a2.2 2.2 0 1 0 4.4 0a2.2 2.2 0 1 0-4.4 0Z' +
    'M9.8 18a2.2 2.2 0 1 0 4.4 0a2.2 2.2 0 1 0-4.4 0ZM8.2 7h7.6M7.1 8.9l3.8 7.2M16.9 8.9l-3.8 7.2',
  // a database cylinder
  dataset: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3Zm0 0v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  // an arrow into a tray
  upload: 'M12 15V3m0 0L7 8m5-5 5 5M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4',
  // a four-pointed sparkle: something generated
  spark: 'M12 3l2.2 6.8L21 12l-6.8 2.2L12 21l-2.2-6.8L3 12l6.8-2.2Z',
  // a line chart climbing
  forecast: 'M3 20h18M5 16l4-5 4 3 6-8m0 0h-4m4 0v4',
  // a target with a tick: forecasts checked against what happened
  scores: 'M12 3a9 9 0 1 0 9 9M12 8a4 4 0 1 0 4 4M8.5 12l2.5 2.5L21 4.5',
};

export function CardIcon({ name }: { name: CardIconName }) {
  return (
    <svg
      className="card__icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
