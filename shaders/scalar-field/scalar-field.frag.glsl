#version 300 es
#define SHADER_NAME scalar-field-layer-fragment-shader

precision highp float;
precision highp int;

// r32float, one texel per grid cell: texel (i, j) = column i (longitude), row j as stored in the file.
uniform highp sampler2D fieldTexture;
// RGBA8, RAMP_SIZE × 1: the colour ramp, the same bytes the legend paints.
uniform sampler2D rampTexture;

in vec3 v_common;
out vec4 fragColor;

const float PI = 3.1415926536;
// deck.gl's Web Mercator common space: 512 units around the world.
const float WORLD_SCALE = 512.0 / (2.0 * PI);

// Common-space position -> (longitude, latitude) in degrees, inverting deck.gl's projection exactly.
vec2 common_to_lnglat(vec3 p) {
  if (scalarField.globe > 0.5) {
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

void main(void) {
  vec2 lnglat = common_to_lnglat(v_common);

  // Cell edges: column i spans lon0 + (i - 0.5) dlon .. lon0 + (i + 0.5) dlon; rows likewise (dlat may be < 0).
  float westEdge = scalarField.grid.x - 0.5 * scalarField.grid.z;
  float lonFromEdge = mod(lnglat.x - westEdge, 360.0);
  vec2 cell = floor(vec2(
    lonFromEdge / scalarField.grid.z,
    (lnglat.y - (scalarField.grid.y - 0.5 * scalarField.grid.w)) / scalarField.grid.w
  ));
  if (cell.x < 0.0 || cell.y < 0.0 || cell.x >= scalarField.gridSize.x || cell.y >= scalarField.gridSize.y) {
    discard;
  }

  // texelFetch: exact nearest-cell lookup, independent of the GPU's float32 filtering support.
  float value = texelFetch(fieldTexture, ivec2(cell), 0).r;
  if (is_missing(value)) {
    discard;
  }

  float span = scalarField.valueRange.y - scalarField.valueRange.x;
  float t = span > 0.0 ? clamp((value - scalarField.valueRange.x) / span, 0.0, 1.0) : 0.0;
  // Same texel choice as colourForValue() in src/map/colour-ramps.ts: round(t * (size - 1)).
  int rampIndex = int(floor(t * (scalarField.rampSize - 1.0) + 0.5));
  vec3 colour = texelFetch(rampTexture, ivec2(rampIndex, 0), 0).rgb;

  // Linear opacity (0.7 → alpha 0.7 × 200/255 on screen), not deck.gl's gamma-adjusted layer.opacity.
  fragColor = vec4(colour, scalarField.validAlpha * scalarField.opacity);
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
