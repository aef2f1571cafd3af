#version 300 es
// Simulation pass: one fragment per particle. Reads the particle state and writes the next state into a
// float framebuffer. Runs with blending off: a blended write into a float target would mix the old
// position into the new one.
//
// State texel (rgba32float): xyz = the position as a unit vector on the sphere (x towards 0°E on the
// equator, y towards 90°E, z towards the North Pole); w = age in steps (integer part) + speed / maxSpeed
// (fraction, clamped below 1) for the colour. Why a unit vector and not lon/lat: the step is then pure
// arithmetic (no sin/cos/asin per step), so nothing accumulates the error of approximate GPU trigonometry
// (software GL drifts by hundreds of metres per step through asin(sin(lat))), and the pole is not special.
#define SHADER_NAME particle-update-fragment
precision highp float;
precision highp int;

// Uniforms: the `particleUpdate` block (src/map/layers/particle-layer/particle-uniforms.ts, injected by luma.gl).

uniform highp sampler2D stateTexture;   // rgba32float, one texel per particle
uniform highp sampler2D fieldTexture;   // rg32float u, v (m/s, true east/north), nlon × nlat, NaN where there is no data
uniform highp sampler2D respawnTexture; // r32float list of valid cell indices (j * nlon + i)

out vec4 fragColor;

const float EARTH_RADIUS = 6370972.0; // metres, as deck.gl's globe
const float DEG = 0.017453292519943295;
const float HALF_PI = 1.5707963267948966;

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

// A polar stereographic grid (particleUpdate.polar.w > 0; polar = [cos lon0, sin lon0, e, scale m], grid = [x0, y0,
// dx, dy] m, as the scalar field's _grid-cell.frag.glsl and common/polar-stereographic.ts): lon/lat -> plane metres.
// The built-in trigonometry may be off by 2^-11 here (hundreds of metres far from the pole): enough to pick up the
// drift of a neighbouring 6.25 km cell now and then, never to move a particle (the step is on the sphere).
vec2 polarForward(vec2 lonLat) {
  vec4 polar = particleUpdate.polar;
  float phi = lonLat.y * DEG;
  float es = polar.z * sin(phi);
  float t = cos(phi) / (1.0 + sin(phi)) * pow((1.0 + es) / (1.0 - es), 0.5 * polar.z);
  float lon = lonLat.x * DEG;
  // sin and cos of lon - lon0.
  vec2 d = vec2(sin(lon) * polar.x - cos(lon) * polar.y, cos(lon) * polar.x + sin(lon) * polar.y);
  return polar.w * t * vec2(d.x, -d.y);
}

// Plane metres -> lon/lat (degrees): the latitude by fixed point (Snyder 7-9; four rounds reach float precision).
vec2 polarInverse(vec2 xy) {
  vec4 polar = particleUpdate.polar;
  float t = length(xy) / polar.w;
  float phi = HALF_PI - 2.0 * atan(t);
  for (int k = 0; k < 4; k++) {
    float es = polar.z * sin(phi);
    phi = HALF_PI - 2.0 * atan(t * pow((1.0 - es) / (1.0 + es), 0.5 * polar.z));
  }
  return vec2((atan(polar.y, polar.x) + atan(xy.x, -xy.y)) / DEG, phi / DEG);
}

// Fractional column/row of lon/lat (cell centres at whole numbers). The longitude is first taken within
// ±180° of the grid's middle column, so 190° and -170° land on the same column (src/.../grid-lookup.ts).
// On a polar grid: the point's plane position in cell steps.
vec2 fieldCoord(vec2 lonLat) {
  if (particleUpdate.polar.w > 0.0) {
    // South of the equator the north plane has no place (t is infinite there): far outside the grid.
    if (lonLat.y <= 0.0) return vec2(-1.0e6);
    return (polarForward(lonLat) - particleUpdate.grid.xy) / particleUpdate.grid.zw;
  }
  float midColumn = (particleUpdate.gridSize.x - 1.0) * 0.5;
  float midLon = particleUpdate.grid.x + particleUpdate.grid.z * midColumn;
  float offset = lonLat.x - midLon - 360.0 * floor((lonLat.x - midLon + 180.0) / 360.0);
  return vec2(offset / particleUpdate.grid.z + midColumn, (lonLat.y - particleUpdate.grid.y) / particleUpdate.grid.w);
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

// On a polar grid: (sin, cos) of lon - lon0 at the plane point xy (metres), read off x = rho sin, y = -rho cos with no
// trigonometry: the turn between true east/north and the plane's x/y there (the pole itself: any turn will do).
vec2 polarTurn(vec2 xy) {
  float rho = length(xy);
  return rho > 1.0 ? vec2(xy.x, -xy.y) / rho : vec2(0.0, 1.0);
}

// A cell's drift for the blend: as stored (true east/north) on a lat/lon grid; on a polar grid turned into the
// plane's x/y at the cell's own longitude, so that cells whose east and north differ (near the pole, tens of degrees
// from one cell to the next) are weighed in one frame (src/features/forecast-map/trajectory does the same).
bool cornerDrift(ivec2 cell, out vec2 drift) {
  if (!cellDrift(cell, drift)) return false;
  if (particleUpdate.polar.w > 0.0) {
    vec2 turn = polarTurn(particleUpdate.grid.xy + vec2(cell) * particleUpdate.grid.zw);
    drift = vec2(drift.x * turn.y - drift.y * turn.x, drift.x * turn.x + drift.y * turn.y);
  }
  return true;
}

// Bilinear drift that ignores NaN neighbours (their weight is dropped and the rest renormalised), so
// particles next to the coast keep moving instead of being dragged to zero by the land's NaN. On a polar grid the
// blend is made in the plane's axes and turned back to east/north at the particle's own longitude.
vec2 sampleDrift(vec2 lonLat) {
  vec2 f = fieldCoord(lonLat);
  vec2 base = floor(f);
  vec2 t = f - base;
  ivec2 c = ivec2(base);
  vec2 sum = vec2(0.0);
  float weight = 0.0;
  vec2 d;
  float w;
  w = (1.0 - t.x) * (1.0 - t.y); if (cornerDrift(c, d)) { sum += w * d; weight += w; }
  w = t.x * (1.0 - t.y);         if (cornerDrift(c + ivec2(1, 0), d)) { sum += w * d; weight += w; }
  w = (1.0 - t.x) * t.y;         if (cornerDrift(c + ivec2(0, 1), d)) { sum += w * d; weight += w; }
  w = t.x * t.y;                 if (cornerDrift(c + ivec2(1, 1), d)) { sum += w * d; weight += w; }
  vec2 drift = weight > 0.0 ? sum / weight : vec2(0.0);
  if (particleUpdate.polar.w > 0.0) {
    vec2 turn = polarTurn(particleUpdate.grid.xy + f * particleUpdate.grid.zw);
    drift = vec2(drift.x * turn.y + drift.y * turn.x, -drift.x * turn.x + drift.y * turn.y);
  }
  return drift;
}

// Unit vector <-> lon/lat (degrees). atan(z, |xy|) rather than asin(z): accurate up to the pole.
vec3 toUnitVector(vec2 lonLat) {
  float lambda = lonLat.x * DEG;
  float phi = lonLat.y * DEG;
  return vec3(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi));
}

vec2 toLonLat(vec3 p) {
  float horizontal = length(p.xy);
  float lon = horizontal > 0.0 ? atan(p.y, p.x) / DEG : 0.0;
  return vec2(lon, atan(p.z, horizontal) / DEG);
}

// One step on the sphere without dividing by cos(latitude) (src/map/layers/particle-layer/geo-step.ts):
// the drift becomes a vector in the local east/north tangent plane, the step is taken in 3-D and the
// result is pushed back onto the sphere. At the exact pole "east" is undefined; any tangent frame will do
// there, so the 90°E meridian's frame is used; nothing blows up.
vec3 stepOnSphere(vec3 p, vec2 drift, float seconds) {
  float horizontal = length(p.xy);
  vec3 east = horizontal > 1e-12 ? vec3(-p.y, p.x, 0.0) / horizontal : vec3(0.0, 1.0, 0.0);
  vec3 north = cross(p, east);
  return normalize(p + (drift.x * east + drift.y * north) * (seconds / EARTH_RADIUS));
}

// Inside the visible box (longitude modulo 360, as src/.../view-bounds.ts `inBox`).
bool inView(vec2 lonLat) {
  if (particleUpdate.useViewBounds < 0.5) return true;
  vec4 box = particleUpdate.viewBounds;
  float offset = mod(lonLat.x - box.x, 360.0);
  return lonLat.y >= box.y && lonLat.y <= box.w && offset <= box.z - box.x;
}

// A random position over a valid cell of the grid (the respawn list: land and NaN cells are not in it),
// jittered within the cell. Latitude stays within 89.99° of the equator: at the pole itself a unit vector
// has no longitude, and the pole row's cells would all collapse onto one point.
vec3 randomValidCell(inout uint rng) {
  int count = int(particleUpdate.respawnCount);
  int width = textureSize(respawnTexture, 0).x;
  int nlon = int(particleUpdate.gridSize.x);
  int k = min(int(nextRandom(rng) * particleUpdate.respawnCount), count - 1);
  int cell = int(texelFetch(respawnTexture, ivec2(k % width, k / width), 0).r + 0.5);
  vec2 ij = vec2(float(cell % nlon), float(cell / nlon));
  vec2 jitter = vec2(nextRandom(rng), nextRandom(rng)) - 0.5;
  vec2 lonLat = particleUpdate.grid.xy + (ij + jitter) * particleUpdate.grid.zw;
  if (particleUpdate.polar.w > 0.0) lonLat = polarInverse(lonLat); // the cell's point in the plane, placed
  return toUnitVector(vec2(lonLat.x, clamp(lonLat.y, -89.99, 89.99)));
}

// Where a particle is reborn: somewhere visible with data. Like leaflet-velocity, the particle count is
// per screen, so first try uniform points of the visible box (most hit sea when the view is zoomed in),
// then entries of the respawn list that fall in view (when the view shows most of the grid), and at worst
// keep a valid cell out of view (it is reborn again next step). Every candidate is checked against its
// nearest cell, so nobody is born on land or NaN.
vec3 respawnPosition(inout uint rng) {
  if (particleUpdate.useViewBounds > 0.5) {
    vec4 box = particleUpdate.viewBounds;
    for (int attempt = 0; attempt < 4; attempt++) {
      vec2 lonLat = mix(box.xy, box.zw, vec2(nextRandom(rng), nextRandom(rng)));
      // A view round the pole spans every longitude: uniform in latitude would heap the particles on the pole
      // (a degree of latitude there holds almost no area), so the polar grid's views draw sin(latitude) uniformly.
      if (particleUpdate.polar.w > 0.0) {
        float t = (lonLat.y - box.y) / max(box.w - box.y, 1e-6);
        lonLat.y = asin(mix(sin(box.y * DEG), sin(box.w * DEG), t)) / DEG;
      }
      vec3 p = toUnitVector(vec2(lonLat.x, clamp(lonLat.y, -89.99, 89.99)));
      vec2 back = toLonLat(p);
      if (hasData(back)) return p;
    }
  }
  vec3 p = vec3(0.0, 0.0, 1.0);
  for (int attempt = 0; attempt < 6; attempt++) {
    vec3 candidate = randomValidCell(rng);
    vec2 lonLat = toLonLat(candidate);
    if (!hasData(lonLat)) continue; // float rounding at a cell's edge
    p = candidate;
    if (inView(lonLat)) break;
  }
  return p;
}

// Packs age (whole steps) and speed (as a fraction of maxSpeed, for the colour) into one float.
float ageAndSpeed(float age, vec2 drift) {
  float t = particleUpdate.maxSpeed > 0.0 ? length(drift) / particleUpdate.maxSpeed : 0.0;
  return age + clamp(t, 0.0, 0.9999);
}

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  vec4 state = texelFetch(stateTexture, texel, 0);
  uint rng = uint(texel.x) * 0x9e3779b1u ^ uint(texel.y) * 0x85ebca77u ^ uint(particleUpdate.randomSeed) * 0xc2b2ae3du;

  if (particleUpdate.respawnCount < 0.5) {
    fragColor = vec4(0.0, 0.0, 1.0, 0.0); // no data at all: nothing lives, nothing is drawn (age 0)
    return;
  }
  if (particleUpdate.reset > 0.5) {
    vec3 p = respawnPosition(rng);
    // Random ages, so the particles do not all die and respawn on the same step.
    float age = floor(nextRandom(rng) * particleUpdate.maxAge);
    fragColor = vec4(p, ageAndSpeed(age, sampleDrift(toLonLat(p))));
    return;
  }

  float age = floor(state.w) + 1.0;
  vec2 here = toLonLat(state.xyz);
  vec2 drift = sampleDrift(here);
  vec3 next = stepOnSphere(state.xyz, drift, particleUpdate.stepSeconds);
  vec2 there = toLonLat(next);
  if (age > particleUpdate.maxAge || !hasData(here) || !hasData(there) || !inView(there)) {
    // Age 0 marks a newborn: the draw pass skips its segment (it would join the old and new places).
    vec3 p = respawnPosition(rng);
    fragColor = vec4(p, ageAndSpeed(0.0, sampleDrift(toLonLat(p))));
    return;
  }
  fragColor = vec4(next, ageAndSpeed(age, drift));
}
