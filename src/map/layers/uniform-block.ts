/**
 * Uniform blocks of the custom layers, declared one way: the luma.gl shader module's `uniformTypes` are the
 * only list of members, and the GLSL block both stages see is generated from it. luma.gl lays the std140 buffer
 * out in the order of `uniformTypes`, so declaration and layout cannot disagree. In GLSL the block is
 * `<name>Uniforms`, its instance `<name>` (`scalarField.grid`, `particleUpdate.maxAge`).
 */
const GLSL_TYPES = { f32: 'float', 'vec2<f32>': 'vec2', 'vec3<f32>': 'vec3', 'vec4<f32>': 'vec4' } as const;

export type UniformType = keyof typeof GLSL_TYPES;

/** A shader module of uniforms only: name, member types, and the block injected into both stages. */
export function uniformModule<const N extends string, const T extends Record<string, UniformType>>(name: N, uniformTypes: T) {
  const members = Object.entries(uniformTypes).map(([member, type]) => `  ${GLSL_TYPES[type]} ${member};`);
  const block = `layout(std140) uniform ${name}Uniforms {\n${members.join('\n')}\n} ${name};\n`;
  return { name, uniformTypes, vs: block, fs: block };
}
