/**
 * The benchmark's peer: the same synthetic drift field, viewport and size drawn by leaflet-velocity (the
 * current tool's particle layer: Canvas 2D, one JavaScript loop over the particles per frame). Leaflet
 * zoom 5 with 256-px tiles shows what MapLibre zoom 4 with 512-px tiles shows. Query: count (particles;
 * default leaflet-velocity's own width × height / 300), fps (its frameRate; default 15).
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { syntheticDrift } from './particles-synthetic-drift.ts';

const query = new URLSearchParams(location.search);
const field = syntheticDrift('gyre');
const { grid } = field;

// leaflet-velocity reads the grib2json layout: rows from the north, one record for u and one for v,
// null where there is no data.
const u: (number | null)[] = [];
const v: (number | null)[] = [];
for (let j = grid.nlat - 1; j >= 0; j--) {
  for (let i = 0; i < grid.nlon; i++) {
    const k = 2 * (j * grid.nlon + i);
    u.push(Number.isFinite(field.data[k]) ? field.data[k] : null);
    v.push(Number.isFinite(field.data[k + 1]) ? field.data[k + 1] : null);
  }
}
const header = {
  lo1: grid.lon0,
  la1: grid.lat0 + (grid.nlat - 1) * grid.dlat,
  dx: grid.dlon,
  dy: grid.dlat,
  nx: grid.nlon,
  ny: grid.nlat,
  parameterCategory: 2,
  refTime: '2024-01-01T00:00:00Z',
};
const data = [
  { header: { ...header, parameterNumber: 2 }, data: u },
  { header: { ...header, parameterNumber: 3 }, data: v },
];

// Count animation steps: leaflet-velocity fades the canvas once per step with 'destination-in'.
let steps = 0;
const fillRect = CanvasRenderingContext2D.prototype.fillRect;
CanvasRenderingContext2D.prototype.fillRect = function (this: CanvasRenderingContext2D, ...args: [number, number, number, number]) {
  if (this.globalCompositeOperation === 'destination-in') steps++;
  return fillRect.apply(this, args);
};

const ready = (async () => {
  // leaflet-velocity is a plain script that extends the global L.
  (window as unknown as { L: typeof L }).L = L;
  await import('leaflet-velocity');
  const map = L.map('map', { center: [78, 90], zoom: 5, zoomControl: false, attributionControl: false, fadeAnimation: false });
  const width = window.innerWidth;
  const height = window.innerHeight;
  const count = Number(query.get('count') ?? 0);
  const options = {
    data,
    displayValues: false,
    velocityScale: 0.1,
    particleAge: 90,
    lineWidth: 1,
    frameRate: Number(query.get('fps') ?? 15),
    minVelocity: 0,
    maxVelocity: field.maxSpeed,
    ...(count > 0 ? { particleMultiplier: count / (width * height) } : {}),
  };
  const velocityLayer = (L as unknown as { velocityLayer: (o: typeof options) => L.Layer }).velocityLayer(options);
  velocityLayer.addTo(map);
})();

const api = {
  ready,
  stats: () => ({ steps }),
};

declare global {
  interface Window {
    leafletVelocityPage: typeof api;
  }
}
window.leafletVelocityPage = api;
