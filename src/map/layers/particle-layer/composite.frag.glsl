#version 300 es
// Composite pass: lays the trail texture (premultiplied RGBA8, the size of the drawing buffer) over the
// map inside deck.gl's render pass, blended with (one, one-minus-src-alpha).
#define SHADER_NAME particle-composite-fragment
precision highp float;

// Uniforms: the `particleComposite` block (src/map/layers/particle-layer/particle-uniforms.ts, injected by luma.gl).

uniform sampler2D trailTexture;

in vec2 vUv;
out vec4 fragColor;

void main() {
  fragColor = texture(trailTexture, vUv) * particleComposite.opacity;
}
