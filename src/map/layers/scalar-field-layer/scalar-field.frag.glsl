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

void main(void) {
  // field_cell, is_missing: _grid-cell.frag.glsl (lat/lon or polar stereographic grid).
  ivec2 cell;
  if (!field_cell(v_common, scalarField.globe, scalarField.grid, scalarField.gridSize, scalarField.polar, cell)) {
    discard;
  }

  // texelFetch: exact nearest-cell lookup, independent of the GPU's float32 filtering support.
  float value = texelFetch(fieldTexture, cell, 0).r;
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
