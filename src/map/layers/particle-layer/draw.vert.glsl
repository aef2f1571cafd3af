#version 300 es
// Draw pass: one line segment per particle, from where it was before the last step to where it is now,
// drawn into the screen-sized trail texture. No vertex buffer: vertex 2k and 2k+1 are particle k's two
// ends, read from the previous and current state textures. Positions go through deck.gl's project module,
// so the same lon/lat lands where the map draws it in Web Mercator and on the globe.
#define SHADER_NAME particle-draw-vertex
precision highp float;
precision highp int;

// Uniforms: the `particleDraw` block (src/map/layers/particle-layer/particle-uniforms.ts, injected by luma.gl).

// rgba32float: xyz unit vector on the sphere, w = age (integer part) + speed / maxSpeed (fraction);
// see update.frag.glsl.
uniform highp sampler2D previousState;
uniform highp sampler2D currentState;
uniform sampler2D rampTexture;         // 256 × 1 RGBA8 speed colours (blue, cyan, green, yellow, red)

out vec4 vColour;

// Outside the clip volume: both ends of a hidden segment go here and the line is clipped away.
const vec4 HIDDEN = vec4(2.0, 2.0, 2.0, 1.0);

const float DEG = 0.017453292519943295;

// Unit vector -> lon/lat in degrees (atan(z, |xy|): accurate up to the pole).
vec2 toLonLat(vec3 p) {
  float horizontal = length(p.xy);
  float lon = horizontal > 0.0 ? atan(p.y, p.x) / DEG : 0.0;
  return vec2(lon, atan(p.z, horizontal) / DEG);
}

void main() {
  int particle = gl_VertexID / 2;
  bool isHead = (gl_VertexID & 1) == 1;
  ivec2 size = textureSize(currentState, 0);
  ivec2 texel = ivec2(particle % size.x, particle / size.x);
  vec4 before = texelFetch(previousState, texel, 0);
  vec4 now = texelFetch(currentState, texel, 0);

  // Newborn particles (age 0) have no segment yet. Longitudes come out of atan in (-180, 180]: a segment
  // whose ends differ by more than 180° crosses that seam and is not drawn (it would span the map).
  vec2 from = toLonLat(before.xyz);
  vec2 to = toLonLat(now.xyz);
  bool hidden = now.w < 1.0 || abs(to.x - from.x) > 180.0;

  vec3 lonLat = vec3(isHead ? to : from, 0.0);
  geometry.worldPosition = lonLat;
  vec4 clip = project_position_to_clipspace(lonLat, vec3(0.0), vec3(0.0), geometry.position);

  // On the globe, a point on the far hemisphere faces away from the camera: common-space position p sits
  // on a sphere centred at the origin, and it is visible when the camera lies on p's side of its tangent
  // plane, i.e. dot(p, camera - p) > 0.
  if (project.projectionMode == PROJECTION_MODE_GLOBE) {
    vec3 p = geometry.position.xyz;
    if (dot(p, project.cameraPosition - p) < 0.0) hidden = true;
  }

  gl_Position = hidden ? HIDDEN : clip;

  // Sample the ramp at texel centres: t in [0, 1] -> [0.5/256, 255.5/256].
  float t = fract(now.w);
  vec3 rgb = texture(rampTexture, vec2(t * (255.0 / 256.0) + 0.5 / 256.0, 0.5)).rgb;
  vColour = vec4(rgb * particleDraw.opacity, particleDraw.opacity); // premultiplied alpha
}
