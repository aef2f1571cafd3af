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

// The cell under a fragment of a grid regular in a north polar stereographic plane (ellipsoidal, with a latitude
// of true scale: EPSG:3413 for the arctic files), the same formula as common/polar-stereographic.ts:
//   t = cos(lat) / (1 + sin(lat)) * ((1 + e sin(lat)) / (1 - e sin(lat)))^(e/2),   rho = scale * t,
//   x = rho sin(lon - lon0),   y = -rho cos(lon - lon0)        (metres; no regridding: each cell by texelFetch)
// polar = [lon0 (degrees), e (eccentricity), scale (metres: rho / t), 1]; grid = [x0, y0, dx, dy] (centre of cell
// 0,0 and steps, metres, false easting/northing already taken off; dy < 0 for rows stored north first), size
// [nx, ny]. On the globe sin/cos of the latitude come straight from the direction (cos/(1 + sin) stays exact at
// the pole, where asin(z) would lose kilometres in float32); in Mercator through common_to_lnglat.
bool polar_cell(vec3 p, float globe, vec4 grid, vec2 size, vec4 polar, out ivec2 cell) {
  float lon;
  float sinLat;
  float cosLat;
  if (globe > 0.5) {
    float r = length(p);
    lon = atan(p.x, -p.y);
    sinLat = p.z / r;
    cosLat = length(p.xy) / r;
  } else {
    vec2 lnglat = radians(common_to_lnglat(p, 0.0));
    lon = lnglat.x;
    sinLat = sin(lnglat.y);
    cosLat = cos(lnglat.y);
  }
  cell = ivec2(-1);
  if (sinLat <= 0.0) {
    return false;
  }
  float es = polar.y * sinLat;
  float t = cosLat / (1.0 + sinLat) * pow((1.0 + es) / (1.0 - es), 0.5 * polar.y);
  float rho = polar.z * t;
  float dl = lon - radians(polar.x);
  vec2 xy = vec2(rho * sin(dl), -rho * cos(dl));
  vec2 c = floor((xy - (grid.xy - 0.5 * grid.zw)) / grid.zw);
  cell = ivec2(c);
  return !(c.x < 0.0 || c.y < 0.0 || c.x >= size.x || c.y >= size.y);
}

// The cell under the fragment at common-space position p, on either kind of grid: polar.w = 1 for a polar
// stereographic grid (polar_cell), else the latitude/longitude grid (grid_cell, as it always was).
bool field_cell(vec3 p, float globe, vec4 grid, vec2 size, vec4 polar, out ivec2 cell) {
  if (polar.w > 0.5) {
    return polar_cell(p, globe, grid, size, polar, cell);
  }
  return grid_cell(common_to_lnglat(p, globe), grid, size, cell);
}
