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
