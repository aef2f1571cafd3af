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
  // field_cell, is_missing: the scalar field's _grid-cell.frag.glsl, the same cell lookup (lat/lon or polar grid).
  ivec2 cell;
  if (!field_cell(v_common, polaris.globe, polaris.grid, polaris.gridSize, polaris.polar, cell)) {
    discard;
  }

  float c = texelFetch(concentrationTexture, cell, 0).r;
  float h = texelFetch(thicknessTexture, cell, 0).r;
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
