/**
 * The ellipsoidal polar stereographic projection of the north pole with a latitude of true scale (EPSG method
 * 9829, "variant B"; Snyder, Map Projections — A Working Manual, 1987, eqs. 15-9, 21-33, 21-34, 7-9, 3-5): the
 * plane of the NSIDC grids (EPSG:3413: true scale at 70°N, −45° straight down, WGS 84). Written out here rather
 * than through proj4 so the page can place cells without loading proj4, and so the map's fragment shader
 * (src/map/layers/grid-field/_grid-cell.frag.glsl) runs the same formula with the same constants
 * (`polarUniformsOf`). Units: degrees for longitude/latitude, metres in the plane.
 */

export interface PolarStereographic {
  /** Longitude pointing straight down the plane's y axis (CF `straight_vertical_longitude_from_pole`), degrees. */
  centralLongitude: number;
  /** Latitude where the scale is true (CF `standard_parallel`), degrees north. */
  trueScaleLatitude: number;
  /** Ellipsoid semi-major axis, metres. */
  semiMajorAxis: number;
  /** Ellipsoid inverse flattening (Infinity for a sphere). */
  inverseFlattening: number;
  /** Added to x and y of every point, metres (CF `false_easting`, `false_northing`). */
  falseEasting: number;
  falseNorthing: number;
}

/** EPSG:3413's parameters (WGS 84 / NSIDC Sea Ice Polar Stereographic North). */
export const NSIDC_NORTH: Readonly<PolarStereographic> = Object.freeze({
  centralLongitude: -45,
  trueScaleLatitude: 70,
  semiMajorAxis: 6_378_137,
  inverseFlattening: 298.257223563,
  falseEasting: 0,
  falseNorthing: 0,
});

const DEG = Math.PI / 180;

/** First eccentricity of the ellipsoid. */
export function eccentricity(p: PolarStereographic): number {
  const f = Number.isFinite(p.inverseFlattening) && p.inverseFlattening > 0 ? 1 / p.inverseFlattening : 0;
  return Math.sqrt(f * (2 - f));
}

/** Snyder's t (15-9) from sin and cos of the latitude: written as cos/(1 + sin) it stays exact at the pole. */
function tOf(sinLat: number, cosLat: number, e: number): number {
  const es = e * sinLat;
  return (cosLat / (1 + sinLat)) * Math.pow((1 + es) / (1 - es), e / 2);
}

/** ρ = scale·t (21-34 with 14-15 at the latitude of true scale): the scale in metres. */
export function radialScale(p: PolarStereographic): number {
  const e = eccentricity(p);
  // True scale at the pole itself (21-33 with k0 = 1): t_c would be 0.
  if (p.trueScaleLatitude >= 90) return (2 * p.semiMajorAxis) / Math.sqrt(Math.pow(1 + e, 1 + e) * Math.pow(1 - e, 1 - e));
  const sc = Math.sin(p.trueScaleLatitude * DEG);
  const cc = Math.cos(p.trueScaleLatitude * DEG);
  const mc = cc / Math.sqrt(1 - e * e * sc * sc);
  return (p.semiMajorAxis * mc) / tOf(sc, cc, e);
}

/** (lon, lat) in degrees → (x, y) in metres. Points south of the equator are not meaningful on a north plane. */
export function polarForward(p: PolarStereographic, lon: number, lat: number): [number, number] {
  const rho = radialScale(p) * tOf(Math.sin(lat * DEG), Math.cos(lat * DEG), eccentricity(p));
  const dl = (lon - p.centralLongitude) * DEG;
  return [p.falseEasting + rho * Math.sin(dl), p.falseNorthing - rho * Math.cos(dl)];
}

/** (x, y) in metres → (lon, lat) in degrees, longitude in −180…180; the latitude by fixed point (7-9), to 1e-12 rad. */
export function polarInverse(p: PolarStereographic, x: number, y: number): [number, number] {
  const e = eccentricity(p);
  const dx = x - p.falseEasting;
  const dy = y - p.falseNorthing;
  const t = Math.hypot(dx, dy) / radialScale(p);
  let lat = Math.PI / 2 - 2 * Math.atan(t);
  for (let k = 0; k < 15; k++) {
    const es = e * Math.sin(lat);
    const next = Math.PI / 2 - 2 * Math.atan(t * Math.pow((1 - es) / (1 + es), e / 2));
    const done = Math.abs(next - lat) < 1e-12;
    lat = next;
    if (done) break;
  }
  const lon = p.centralLongitude + Math.atan2(dx, -dy) / DEG;
  return [((((lon + 180) % 360) + 360) % 360) - 180, lat / DEG];
}

/**
 * What the fragment shaders need, as one vec4: [cos(central longitude), sin(central longitude), eccentricity, ρ/t
 * scale (metres)]; a scale of 0 means a lat/lon grid. Cosine and sine rather than the angle: the shader then needs
 * no trigonometry of its own on the globe (GPUs may give sin/cos an absolute error of 2^-11). The false easting and
 * northing are taken off the grid's origin instead.
 */
export function polarUniformsOf(p: PolarStereographic): [number, number, number, number] {
  const lon0 = p.centralLongitude * DEG;
  return [Math.cos(lon0), Math.sin(lon0), eccentricity(p), radialScale(p)];
}

/** The parameters as a proj4 string (for a file that names its mapping only by CF attributes). */
export function polarProj4(p: PolarStereographic): string {
  const rf = Number.isFinite(p.inverseFlattening) ? `+rf=${p.inverseFlattening}` : `+b=${p.semiMajorAxis}`;
  return `+proj=stere +lat_0=90 +lat_ts=${p.trueScaleLatitude} +lon_0=${p.centralLongitude} +k=1 +x_0=${p.falseEasting} +y_0=${p.falseNorthing} +a=${p.semiMajorAxis} ${rf} +units=m +no_defs`;
}
