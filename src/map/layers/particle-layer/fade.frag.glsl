#version 300 es
// Trail fade pass: copies last step's trail texture (RGBA8, premultiplied) into the other trail texture,
// dimmed by fadeOpacity. Plain multiplication in 8 bits never reaches zero (round(1 * 0.97) = 1 leaves a
// permanent ghost of every trail); flooring makes every non-zero channel drop by at least one level.
#define SHADER_NAME particle-fade-fragment
precision highp float;

// Uniforms: the `particleFade` block (src/map/layers/particle-layer/particle-uniforms.ts, injected by luma.gl).

uniform sampler2D trailTexture;

out vec4 fragColor;

void main() {
  vec4 colour = texelFetch(trailTexture, ivec2(gl_FragCoord.xy), 0);
  fragColor = floor(colour * 255.0 * particleFade.fadeOpacity) / 255.0;
}
