#version 300 es
// Draw pass, fragment side: the segment's speed colour, premultiplied (the trail texture keeps
// premultiplied colour so fading scales all four channels alike).
#define SHADER_NAME particle-draw-fragment
precision highp float;

in vec4 vColour;
out vec4 fragColor;

void main() {
  fragColor = vColour;
}
