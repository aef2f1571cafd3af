import { describe, expect, it } from 'vitest';
import { findFamily, modelFamilies, systemPromptFor } from '../../../common/model-families.ts';
import { ModelSpecError, parseContent, validateHyperparameters, validateSpec } from '../../src/model-generation/model-spec.ts';
import { createTemplateGenerator } from '../../src/model-generation/template-generator.ts';

const advection = findFamily('free_drift_advection')!;

describe('content parsing', () => {
  it('reads key=value lines, skipping blanks and comments', () => {
    expect(parseContent('# comment\ntime_step_hours=3\n\n drift_scale = 0.5 \n')).toEqual({
      time_step_hours: '3',
      drift_scale: '0.5',
    });
  });

  it('reads JSON, bare or wrapped in hyperparameters', () => {
    expect(parseContent('{"drift_scale": 2}')).toEqual({ drift_scale: 2 });
    expect(parseContent('{"hyperparameters": {"drift_scale": 2}}')).toEqual({ drift_scale: 2 });
  });

  it('names the line that is not key=value', () => {
    expect(() => parseContent('drift_scale=1\nplease make it good')).toThrow('line 2: expected key=value');
  });

  it('rejects broken JSON and repeated keys', () => {
    expect(() => parseContent('{"a": ')).toThrow(ModelSpecError);
    expect(() => parseContent('a=1\na=2')).toThrow('a is given twice');
  });
});

describe('validation against the family schema', () => {
  it('converts values and fills defaults', () => {
    expect(validateHyperparameters(advection, { drift_scale: '0.8' })).toEqual({
      model_type: 'free_drift_advection',
      hyperparameters: { time_step_hours: 6, drift_scale: 0.8 },
    });
  });

  it('lists every problem in one message', () => {
    const attempt = () => validateHyperparameters(advection, { drift_scale: '9', time_step_hours: 'fast', depth: 1 });
    expect(attempt).toThrow(/unknown hyperparameter "depth".*time_step_hours must be a number.*drift_scale must be between 0 and 3/);
  });

  it('persistence takes no hyperparameters', () => {
    expect(() => validateHyperparameters(findFamily('persistence')!, { x: 1 })).toThrow('it takes none');
  });

  it('validates a whole spec as an LLM would answer it', () => {
    expect(validateSpec({ model_type: 'damped_anomaly', hyperparameters: { e_folding_days: 3 } })).toEqual({
      model_type: 'damped_anomaly',
      hyperparameters: { e_folding_days: 3 },
    });
    expect(() => validateSpec({ model_type: 'transformer' })).toThrow('unknown model_type "transformer"');
    expect(() => validateSpec([1, 2])).toThrow('must be a JSON object');
  });
});

describe('families', () => {
  it('every content example passes its own family schema with the template generator', async () => {
    const generator = createTemplateGenerator();
    for (const family of modelFamilies) {
      const spec = await generator.generate({ family, content: family.contentExample });
      expect(spec.model_type).toBe(family.modelType);
    }
  });

  it('the system prompt names the family and each hyperparameter', () => {
    const prompt = systemPromptFor(advection);
    expect(prompt).toContain('"free_drift_advection"');
    expect(prompt).toContain('time_step_hours');
    expect(prompt).toContain('drift_scale');
  });
});
