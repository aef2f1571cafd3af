#version 300 es
// Simulation pass: one fragment per particle. Reads the particle state (rgba32float: lon°, lat°, age in
// steps, speed m/s) and writes the next state into a float framebuffer. Runs with blending off: a blended
// write into a float target would mix the old position into the new one.
#define SHADER_NAME particle-update-fragment
precision highp float;
precision highp int;

layout(std140) uniform particleUpdateUniforms {
  vec4 grid;          // lon0°, dlon°, lat0°, dlat° of the regular grid (cell centres)
  vec2 gridSize;      // nlon, nlat
  float globalLon;    // 1 when the columns go all the way round (neighbours wrap across the seam)
  float respawnCount; // number of valid cells in respawnTexture
  float stepSeconds;  // seconds of drift per step (speedFactor × the base time scale)
  float maxAge;       // steps before a particle is reborn
  float randomSeed;   // a new integer < 2^24 every step
  float reset;        // 1: respawn everything with a random age (new field, new particle count)
} particleUpdate;

uniform highp sampler2D stateTexture;   // rgba32float, one texel per particle
uniform highp sampler2D fieldTexture;   // rg32float u, v (m/s), nlon × nlat, NaN where there is no data
uniform highp sampler2D respawnTexture; // r32float list of valid cell indices (j * nlon + i)

out vec4 fragColor;

const float EARTH_RADIUS = 6370972.0; // metres, as deck.gl's globe
const float DEG = 0.017453292519943295;

// Integer hash (a 32-bit mixer): uncorrelated random numbers per particle and step without a noise texture.
uint mixBits(uint x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

// Uniform in [0, 1): the top 24 bits of the next hash, exactly representable in a float.
float nextRandom(inout uint state) {
  state = mixBits(state);
  return float(state >> 8) * (1.0 / 16777216.0);
}

// Fractional column/row of lon/lat (cell centres at whole numbers). The longitude is first taken within
// ±180° of the grid's middle column, so 190° and -170° land on the same column (src/.../grid-lookup.ts).
vec2 fieldCoord(vec2 lonLat) {
  float midColumn = (particleUpdate.gridSize.x - 1.0) * 0.5;
  float midLon = particleUpdate.grid.x + particleUpdate.grid.y * midColumn;
  float offset = lonLat.x - midLon - 360.0 * floor((lonLat.x - midLon + 180.0) / 360.0);
  return vec2(offset / particleUpdate.grid.y + midColumn, (lonLat.y - particleUpdate.grid.z) / particleUpdate.grid.w);
}

// NaN fails every comparison, so this is false for NaN as well as for infinities.
bool isFiniteVec(vec2 v) {
  return abs(v.x) < 1e30 && abs(v.y) < 1e30;
}

// The drift of one cell, false outside the grid or on a NaN cell. texelFetch: float32 textures are not
// filterable on every GPU (a linear sample reads 0 there), so filtering is done by hand below.
bool cellDrift(ivec2 cell, out vec2 drift) {
  ivec2 size = ivec2(particleUpdate.gridSize);
  if (particleUpdate.globalLon > 0.5) cell.x = (cell.x % size.x + size.x) % size.x;
  drift = vec2(0.0);
  if (cell.x < 0 || cell.y < 0 || cell.x >= size.x || cell.y >= size.y) return false;
  drift = texelFetch(fieldTexture, cell, 0).rg;
  return isFiniteVec(drift);
}

// A position has data when its nearest cell does: the same rule as the hover readout and the respawn list.
bool hasData(vec2 lonLat) {
  vec2 drift;
  return cellDrift(ivec2(floor(fieldCoord(lonLat) + 0.5)), drift);
}

// Bilinear drift that ignores NaN neighbours (their weight is dropped and the rest renormalised), so
// particles next to the coast keep moving instead of being dragged to zero by the land's NaN.
vec2 sampleDrift(vec2 lonLat) {
  vec2 f = fieldCoord(lonLat);
  vec2 base = floor(f);
  vec2 t = f - base;
  ivec2 c = ivec2(base);
  vec2 sum = vec2(0.0);
  float weight = 0.0;
  vec2 d;
  float w;
  w = (1.0 - t.x) * (1.0 - t.y); if (cellDrift(c, d)) { sum += w * d; weight += w; }
  w = t.x * (1.0 - t.y);         if (cellDrift(c + ivec2(1, 0), d)) { sum += w * d; weight += w; }
  w = (1.0 - t.x) * t.y;         if (cellDrift(c + ivec2(0, 1), d)) { sum += w * d; weight += w; }
  w = t.x * t.y;                 if (cellDrift(c + ivec2(1, 1), d)) { sum += w * d; weight += w; }
  return weight > 0.0 ? sum / weight : vec2(0.0);
}

// One step on the sphere without dividing by cos(latitude) (src/map/layers/particle-layer/geo-step.ts):
// position as a unit vector, drift in the local east/north tangent plane, step in 3-D, back to lon/lat.
// At the pole the east/north vectors still come from the stored longitude, so nothing blows up.
vec2 stepOnSphere(vec2 lonLat, vec2 drift, float seconds) {
  float lambda = lonLat.x * DEG;
  float phi = lonLat.y * DEG;
  vec3 p = vec3(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi));
  vec3 east = vec3(-sin(lambda), cos(lambda), 0.0);
  vec3 north = vec3(-sin(phi) * cos(lambda), -sin(phi) * sin(lambda), cos(phi));
  vec3 q = normalize(p + (drift.x * east + drift.y * north) * (seconds / EARTH_RADIUS));
  float lon = length(q.xy) > 1e-7 ? atan(q.y, q.x) / DEG : lonLat.x;
  return vec2(lon, asin(clamp(q.z, -1.0, 1.0)) / DEG);
}

// Longitude into [-180, 180): one representation, so a segment's two ends are comparable when drawn.
float wrapLon(float lon) {
  return lon - 360.0 * floor((lon + 180.0) / 360.0);
}

// A random position over a random valid cell: pick entry floor(r * count) of the respawn list, then jitter
// within the cell (±half a cell), so particles are spread evenly over the sea and never born on land/NaN.
vec2 respawnPosition(inout uint rng) {
  int count = int(particleUpdate.respawnCount);
  int k = min(int(nextRandom(rng) * particleUpdate.respawnCount), count - 1);
  int width = textureSize(respawnTexture, 0).x;
  int cell = int(texelFetch(respawnTexture, ivec2(k % width, k / width), 0).r + 0.5);
  int nlon = int(particleUpdate.gridSize.x);
  vec2 ij = vec2(float(cell % nlon), float(cell / nlon));
  vec2 jitter = vec2(nextRandom(rng), nextRandom(rng)) - 0.5;
  vec2 lonLat = particleUpdate.grid.xz + (ij + jitter) * particleUpdate.grid.yw;
  return vec2(wrapLon(lonLat.x), clamp(lonLat.y, -90.0, 90.0));
}

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  vec4 state = texelFetch(stateTexture, texel, 0);
  uint rng = uint(texel.x) * 0x9e3779b1u ^ uint(texel.y) * 0x85ebca77u ^ uint(particleUpdate.randomSeed) * 0xc2b2ae3du;

  if (particleUpdate.respawnCount < 0.5) {
    fragColor = vec4(0.0, 0.0, 0.0, 0.0); // no data at all: nothing lives, nothing is drawn (age 0)
    return;
  }
  if (particleUpdate.reset > 0.5) {
    vec2 lonLat = respawnPosition(rng);
    // Random ages, so the particles do not all die and respawn on the same step.
    float age = floor(nextRandom(rng) * particleUpdate.maxAge);
    fragColor = vec4(lonLat, age, length(sampleDrift(lonLat)));
    return;
  }

  float age = state.z + 1.0;
  vec2 drift = sampleDrift(state.xy);
  vec2 next = stepOnSphere(state.xy, drift, particleUpdate.stepSeconds);
  next.x = wrapLon(next.x);
  if (age > particleUpdate.maxAge || !hasData(state.xy) || !hasData(next)) {
    // Age 0 marks a newborn: the draw pass skips its segment (it would join the old and new places).
    vec2 lonLat = respawnPosition(rng);
    fragColor = vec4(lonLat, 0.0, length(sampleDrift(lonLat)));
    return;
  }
  fragColor = vec4(next, age, length(drift));
}
