// Shared by the scalar field and POLARIS fragment shaders (injected before them as the luma.gl module
// `gridCell`, src/map/layers/grid-field/grid-field.ts): from a fragment's common-space position to the grid
// cell under it. deck.gl's project module is not in the fragment stage, so PI and WORLD_SCALE are ours.

const float PI = 3.1415926536;
// deck.gl's Web Mercator common space: 512 units around the world.
const float WORLD_SCALE = 512.0 / (2.0 * PI);

// Common-space position -> (longitude, latitude) in degrees, inverting deck.gl's projection exactly.
// globe: 1.0 when deck.gl draws a globe (common space is 3-D), 0.0 for Web Mercator.
vec2 common_to_lnglat(vec3 p, float globe) {
  if (globe > 0.5) {
    // Globe: p = R * (sin(lon) cos(lat), -cos(lon) cos(lat), sin(lat)). Fragments on a mesh triangle lie a
    // hair inside the sphere; the direction from the centre is what names the place.
    float r = length(p);
    return degrees(vec2(atan(p.x, -p.y), asin(clamp(p.z / r, -1.0, 1.0))));
  }
  // Web Mercator: x = (lon + PI) * WORLD_SCALE, y = (PI + ln(tan(PI/4 + lat/2))) * WORLD_SCALE.
  vec2 m = p.xy / WORLD_SCALE;
  return degrees(vec2(m.x - PI, 2.0 * atan(exp(m.y - PI)) - 0.5 * PI));
}

bool is_missing(float v) {
  // isnan() alone can be optimised away by some drivers; a NaN also fails every ordered comparison.
  return isnan(v) || !(v >= -3.0e38 && v <= 3.0e38);
}

// The cell containing lnglat (degrees) on the grid [lon0, lat0, dlon, dlat] (centre of cell 0,0 and steps,
// degrees; dlat may be < 0) of size [nlon, nlat]: false outside it. Cell edges: column i spans
// lon0 + (i - 0.5) dlon .. lon0 + (i + 0.5) dlon, rows likewise; longitudes wrap at 360°.
bool grid_cell(vec2 lnglat, vec4 grid, vec2 size, out ivec2 cell) {
  float westEdge = grid.x - 0.5 * grid.z;
  float lonFromEdge = mod(lnglat.x - westEdge, 360.0);
  vec2 c = floor(vec2(lonFromEdge / grid.z, (lnglat.y - (grid.y - 0.5 * grid.w)) / grid.w));
  cell = ivec2(c);
  return !(c.x < 0.0 || c.y < 0.0 || c.x >= size.x || c.y >= size.y);
}

// A grid regular in a north polar stereographic plane (ellipsoidal, with a latitude of true scale: EPSG:3413 for
// the arctic files), the same formula as common/polar-stereographic.ts (Snyder 15-9, 21-34):
//   t = cos(lat) / (1 + sin(lat)) * exp(e atanh(e sin(lat))),   rho = scale * t,
//   x = rho sin(lon - lon0),   y = -rho cos(lon - lon0)        (metres; no regridding: each cell by texelFetch)
// polar = [cos(lon0), sin(lon0), e (eccentricity), scale (metres: rho / t)], scale 0 for a lat/lon grid; grid =
// [x0, y0, dx, dy] (centre of cell 0,0 and steps, metres, false easting/northing already taken off; dy < 0 for rows
// stored north first), size [nx, ny].
// Written without sin, cos, atan or pow: GPUs may give those an absolute error of 2^-11 (Vulkan's bound, which
// software GL meets), hundreds of metres at 7 000 km from the pole, so cells near their edges came out one off.

// exp(e atanh(e s)) = ((1 + e s) / (1 - e s))^(e/2) for e s <= 0.082: the series reach float precision.
float polar_ellipsoid_factor(float e, float s) {
  float es = e * s;
  float es2 = es * es;
  float a = e * es * (1.0 + es2 * (1.0 / 3.0 + es2 * (1.0 / 5.0 + es2 * (1.0 / 7.0))));
  return 1.0 + a * (1.0 + a * (0.5 + a * (1.0 / 6.0 + a * (1.0 / 24.0))));
}

// Plane x/y (metres) of the globe's direction p: with h = |p.xy| and r = |p|, cos(lat)/(1 + sin(lat)) = h/(r + z),
// sin(lon) = p.x/h, cos(lon) = -p.y/h (deck.gl's globe: p = R (sin lon cos lat, -cos lon cos lat, sin lat)); h cancels,
// so the pole needs no care.
vec2 polar_plane_of_direction(vec3 p, vec4 polar) {
  float r = length(p);
  float k = polar.w * polar_ellipsoid_factor(polar.z, p.z / r) / (r + p.z);
  return k * vec2(p.x * polar.x + p.y * polar.y, p.y * polar.x - p.x * polar.y);
}

// sin and cos of an angle (radians, |a| < 8) by polynomials after reduction to a quarter turn: float precision
// where the built-ins may be off by 2^-11.
vec2 polar_sincos(float a) {
  float n = floor(a / 1.5707963267948966 + 0.5);
  float r = a - n * 1.5707963267948966;
  float r2 = r * r;
  float s = r * (1.0 - r2 / 6.0 * (1.0 - r2 / 20.0 * (1.0 - r2 / 42.0 * (1.0 - r2 / 72.0))));
  float c = 1.0 - r2 / 2.0 * (1.0 - r2 / 12.0 * (1.0 - r2 / 30.0 * (1.0 - r2 / 56.0 * (1.0 - r2 / 90.0))));
  int q = int(mod(n, 4.0));
  return q == 0 ? vec2(s, c) : q == 1 ? vec2(c, -s) : q == 2 ? vec2(-s, -c) : vec2(-c, s);
}

// Plane x/y (metres) of a Web Mercator common-space position: with E = exp(y / WORLD_SCALE - PI) = tan(PI/4 + lat/2),
// cos(lat)/(1 + sin(lat)) = 1/E and sin(lat) = (E^2 - 1)/(E^2 + 1); lon = x / WORLD_SCALE - PI.
vec2 polar_plane_of_mercator(vec2 m, vec4 polar) {
  float big = exp(m.y / WORLD_SCALE - PI);
  float e2 = big * big;
  float t = polar_ellipsoid_factor(polar.z, (e2 - 1.0) / (e2 + 1.0)) / big;
  // sin/cos(lon - lon0) from sin/cos(lon) and the uniform's cos/sin(lon0).
  vec2 sc = polar_sincos(m.x / WORLD_SCALE - PI);
  vec2 d = vec2(sc.x * polar.x - sc.y * polar.y, sc.y * polar.x + sc.x * polar.y);
  return polar.w * t * vec2(d.x, -d.y);
}

bool polar_cell(vec3 p, float globe, vec4 grid, vec2 size, vec4 polar, out ivec2 cell) {
  cell = ivec2(-1);
  // South of the equator the north plane has no place (and r + z may reach 0).
  if (p.z < 0.0 && globe > 0.5) {
    return false;
  }
  vec2 xy = globe > 0.5 ? polar_plane_of_direction(p, polar) : polar_plane_of_mercator(p.xy, polar);
  vec2 c = floor((xy - (grid.xy - 0.5 * grid.zw)) / grid.zw);
  cell = ivec2(c);
  return !(c.x < 0.0 || c.y < 0.0 || c.x >= size.x || c.y >= size.y);
}

// The cell under the fragment at common-space position p, on either kind of grid: polar.w (the scale) > 0 for a
// polar stereographic grid (polar_cell), else the latitude/longitude grid (grid_cell, as it always was).
bool field_cell(vec3 p, float globe, vec4 grid, vec2 size, vec4 polar, out ivec2 cell) {
  if (polar.w > 0.0) {
    return polar_cell(p, globe, grid, size, polar, cell);
  }
  return grid_cell(common_to_lnglat(p, globe), grid, size, cell);
}
