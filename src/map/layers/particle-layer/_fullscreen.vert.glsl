#version 300 es
// Shared by the update, fade and composite passes: one triangle that covers the whole target.
// No vertex buffer: gl_VertexID 0, 1, 2 gives corners (0,0), (2,0), (0,2) in uv, i.e. (-1,-1), (3,-1),
// (-1,3) in clip space; the part outside [-1, 1] is clipped, leaving exactly one fragment per texel.
#define SHADER_NAME particle-fullscreen-vertex

out vec2 vUv;

void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  vUv = corner;
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
