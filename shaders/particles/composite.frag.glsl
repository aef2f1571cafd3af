#version 300 es
// Composite pass: lays the trail texture (premultiplied RGBA8, the size of the drawing buffer) over the
// map inside deck.gl's render pass, blended with (one, one-minus-src-alpha).
#define SHADER_NAME particle-composite-fragment
precision highp float;

layout(std140) uniform particleCompositeUniforms {
  float opacity; // the layer's opacity prop
} particleComposite;

uniform sampler2D trailTexture;

in vec2 vUv;
out vec4 fragColor;

void main() {
  fragColor = texture(trailTexture, vUv) * particleComposite.opacity;
}
