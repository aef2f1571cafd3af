#version 300 es
#define SHADER_NAME polaris-layer-fragment-shader

precision highp float;
precision highp int;

// r32float, one texel per grid cell (texel (i, j) = column i, row j as stored): concentration 0…1 and
// thickness in metres of the same lead, the slices the page already decoded.
uniform highp sampler2D concentrationTexture;
uniform highp sampler2D thicknessTexture;

in vec3 v_common;
out vec4 fragColor;

const float PI = 3.1415926536;
// deck.gl's Web Mercator common space: 512 units around the world.
const float WORLD_SCALE = 512.0 / (2.0 * PI);

// Common-space position -> (longitude, latitude) in degrees; the same inversion as the scalar field layer
// (see shaders/scalar-field/scalar-field.frag.glsl for why it is exact in both projections).
vec2 common_to_lnglat(vec3 p) {
  if (polaris.globe > 0.5) {
    float r = length(p);
    return degrees(vec2(atan(p.x, -p.y), asin(clamp(p.z / r, -1.0, 1.0))));
  }
  vec2 m = p.xy / WORLD_SCALE;
  return degrees(vec2(m.x - PI, 2.0 * atan(exp(m.y - PI)) - 0.5 * PI));
}

bool is_missing(float v) {
  // isnan() alone can be optimised away by some drivers; a NaN also fails every ordered comparison.
  return isnan(v) || !(v >= -3.0e38 && v <= 3.0e38);
}

// Ice type index from thickness h (m), as iceTypeIndex() in common/polaris/polaris.ts: 0 ice free (h ≤ 0),
// then one step per lower edge reached (edges inclusive). step(edge, h) is 1.0 when h >= edge.
float ice_type(float h) {
  if (!(h > 0.0)) return 0.0;
  return 1.0
    + dot(step(polaris.edge0, vec4(h)), vec4(1.0))
    + dot(step(polaris.edge1, vec4(h)), vec4(1.0))
    + dot(step(polaris.edge2, vec4(h)), vec4(1.0));
}

// RIV of the class for type index t (0…11), from the three vec4 rows: a one-hot dot product per row rather than
// a dynamic index, which GPUs (and SwiftShader) handle as branches.
float riv(float t) {
  vec4 k = vec4(0.0, 1.0, 2.0, 3.0);
  return dot(polaris.riv0, vec4(equal(k, vec4(t))))
    + dot(polaris.riv1, vec4(equal(k + 4.0, vec4(t))))
    + dot(polaris.riv2, vec4(equal(k + 8.0, vec4(t))));
}

void main(void) {
  vec2 lnglat = common_to_lnglat(v_common);

  float westEdge = polaris.grid.x - 0.5 * polaris.grid.z;
  float lonFromEdge = mod(lnglat.x - westEdge, 360.0);
  vec2 cell = floor(vec2(
    lonFromEdge / polaris.grid.z,
    (lnglat.y - (polaris.grid.y - 0.5 * polaris.grid.w)) / polaris.grid.w
  ));
  if (cell.x < 0.0 || cell.y < 0.0 || cell.x >= polaris.gridSize.x || cell.y >= polaris.gridSize.y) {
    discard;
  }

  float c = texelFetch(concentrationTexture, ivec2(cell), 0).r;
  float h = texelFetch(thicknessTexture, ivec2(cell), 0).r;
  // Land or no data in either field: nothing drawn (never shown as open water).
  if (is_missing(c) || is_missing(h)) {
    discard;
  }

  c = clamp(c, 0.0, 1.0);
  float t = c > 0.0 ? ice_type(h) : 0.0;
  // RIO = sum of C_i (tenths) × RIV_i over open water and the one ice type.
  float rio = 10.0 * ((1.0 - c) * polaris.riv0.x + c * riv(t));

  vec3 colour = rio >= 0.0 ? polaris.normalColour.rgb
    : (rio < polaris.specialBelow ? polaris.specialColour.rgb : polaris.elevatedColour.rgb);
  fragColor = vec4(colour, polaris.validAlpha * polaris.opacity);
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
