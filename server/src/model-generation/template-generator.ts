/**
 * The offline default generator: the system prompt picks the family, the content carries its hyperparameters.
 */
import type { ModelGenerator } from './generator.ts';
import { parseContent, validateHyperparameters } from './model-spec.ts';

export function createTemplateGenerator(): ModelGenerator {
  return {
    name: 'template',
    async generate({ family, content }) {
      return validateHyperparameters(family, parseContent(content));
    },
  };
}
