/**
 * The tools' part of the map's URL, so a link reopens them:
 * `&edge=true&play=true&speed=fast&point=78.5000,95.2500&mode=diff&against=analysis` (point: latitude, longitude
 * in degrees; mode=diff is 'Разность', against=analysis its forecast − analysis variant; mode=prob is 'Вероятность льда').
 * Off/closed tools are left out of the URL. Read by url-search.ts, which owns the whole search object.
 */
import { PLAY_INTERVALS, type MapPoint, type PlaySpeed, type ToolsSelection } from './tools-slice.ts';

export interface ToolsSearch {
  /** 'Разность', or 'Вероятность льда'. */
  mode?: 'diff' | 'prob';
  against?: 'analysis';
  edge?: boolean;
  play?: boolean;
  speed?: PlaySpeed;
  /** 'lat,lon' in degrees, four decimals. */
  point?: string;
  /** The drift path from the point ('Траектория дрейфа'). */
  track?: boolean;
}

const POINT_PATTERN = /^(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/;

function parseFlag(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === '0' || value === 0) return false;
  return undefined;
}

function parsePoint(value: unknown): MapPoint | null {
  if (typeof value !== 'string') return null;
  const match = POINT_PATTERN.exec(value);
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

function formatPoint(point: MapPoint): string {
  return `${point.lat.toFixed(4)},${point.lon.toFixed(4)}`;
}

export function validateToolsSearch(search: Record<string, unknown>): ToolsSearch {
  const result: ToolsSearch = {};
  if (search.mode === 'diff' || search.mode === 'prob') result.mode = search.mode;
  if (search.against === 'analysis') result.against = 'analysis';
  const edge = parseFlag(search.edge);
  if (edge !== undefined) result.edge = edge;
  const play = parseFlag(search.play);
  if (play !== undefined) result.play = play;
  if (typeof search.speed === 'string' && search.speed in PLAY_INTERVALS) result.speed = search.speed as PlaySpeed;
  const point = parsePoint(search.point);
  if (point) result.point = formatPoint(point);
  if (point && parseFlag(search.track) === true) result.track = true;
  return result;
}

/** What a URL asks of the tools: a parameter that is absent turns its tool off (a link opens exactly its view). */
export function toolsFromSearch(search: ToolsSearch): ToolsSelection {
  return {
    mode: search.mode === 'diff' ? 'difference' : search.mode === 'prob' ? 'probability' : 'field',
    differenceKind: search.against === 'analysis' ? 'analysis' : 'runs',
    iceEdge: search.edge ?? false,
    playing: search.play ?? false,
    playSpeed: search.speed ?? 'normal',
    point: parsePoint(search.point),
    trajectory: search.track === true && parsePoint(search.point) !== null,
  };
}

/** The parameters for the tools' state; off/default values are present as undefined, so they leave the URL. */
export function searchFromTools(tools: Partial<ToolsSelection>): ToolsSearch {
  if (tools.iceEdge === undefined) return {};
  return {
    mode: tools.mode === 'difference' ? 'diff' : tools.mode === 'probability' ? 'prob' : undefined,
    against: tools.differenceKind === 'analysis' ? 'analysis' : undefined,
    edge: tools.iceEdge || undefined,
    play: tools.playing || undefined,
    speed: tools.playSpeed === 'normal' ? undefined : tools.playSpeed,
    point: tools.point ? formatPoint(tools.point) : undefined,
    track: (tools.point && tools.trajectory) || undefined,
  };
}

export function sameToolsSearch(a: ToolsSearch, b: ToolsSearch): boolean {
  return a.mode === b.mode && a.against === b.against && a.edge === b.edge && a.play === b.play && a.speed === b.speed && a.point === b.point && a.track === b.track;
}
