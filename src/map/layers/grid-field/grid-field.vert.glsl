#version 300 es
#define SHADER_NAME scalar-field-layer-vertex-shader

// A tessellated mesh over the grid's extent, vertices in degrees (longitude, latitude). The mesh only has to
// cover the right area and hug the globe; where a cell lands is decided per fragment (see the .frag file).
in vec3 positions;

// The fragment's position in deck.gl's common space, absolute (the offset origin added back), so the
// fragment shader can invert the projection exactly: linear in common space means exact under interpolation.
out vec3 v_common;

void main(void) {
  geometry.worldPosition = positions;
  geometry.uv = vec2(0.0);
  geometry.pickingColor = vec3(0.0);

  gl_Position = project_position_to_clipspace(positions, vec3(0.0), vec3(0.0), geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);

  v_common = geometry.position.xyz + project.commonOrigin;

  vec4 color = vec4(0.0);
  DECKGL_FILTER_COLOR(color, geometry);
}
