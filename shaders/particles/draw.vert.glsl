#version 300 es
// Draw pass: one line segment per particle, from where it was before the last step to where it is now,
// drawn into the screen-sized trail texture. No vertex buffer: vertex 2k and 2k+1 are particle k's two
// ends, read from the previous and current state textures. Positions go through deck.gl's project module,
// so the same lon/lat lands where the map draws it in Web Mercator and on the globe.
#define SHADER_NAME particle-draw-vertex
precision highp float;
precision highp int;

layout(std140) uniform particleDrawUniforms {
  float maxSpeed; // m/s mapped to the ramp's last colour
  float opacity;  // alpha of a fresh segment
} particleDraw;

uniform highp sampler2D previousState; // rgba32float: lon°, lat°, age, speed (m/s)
uniform highp sampler2D currentState;
uniform sampler2D rampTexture;         // 256 × 1 RGBA8 speed colours (blue, cyan, green, yellow, red)

out vec4 vColour;

// Outside the clip volume: both ends of a hidden segment go here and the line is clipped away.
const vec4 HIDDEN = vec4(2.0, 2.0, 2.0, 1.0);

void main() {
  int particle = gl_VertexID / 2;
  bool isHead = (gl_VertexID & 1) == 1;
  ivec2 size = textureSize(currentState, 0);
  ivec2 texel = ivec2(particle % size.x, particle / size.x);
  vec4 before = texelFetch(previousState, texel, 0);
  vec4 now = texelFetch(currentState, texel, 0);

  // Newborn particles (age 0) have no segment yet; a segment longer than 180° of longitude is a jump
  // across the ±180° seam, not a movement.
  bool hidden = now.z < 0.5 || abs(now.x - before.x) > 180.0;

  vec3 lonLat = vec3(isHead ? now.xy : before.xy, 0.0);
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
  float t = particleDraw.maxSpeed > 0.0 ? clamp(now.w / particleDraw.maxSpeed, 0.0, 1.0) : 0.0;
  vec3 rgb = texture(rampTexture, vec2(t * (255.0 / 256.0) + 0.5 / 256.0, 0.5)).rgb;
  vColour = vec4(rgb * particleDraw.opacity, particleDraw.opacity); // premultiplied alpha
}
