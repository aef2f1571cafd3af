import { uploadOnnxModel } from '../../api/admin.ts';
import type { Job } from '../../api/jobs.ts';
import { ru } from '../../i18n/ru.ts';
import { JobUploadForm } from './job-upload-form.tsx';

/** The smallest spec that fits any export: one variable, the start day only, no normalisation. */
const SAMPLE_SPEC = `{
  "input": {"variables": ["concentration"], "history_days": 1, "mean": [0], "std": [1], "fill": 0},
  "output": {"variables": ["concentration"], "mean": [0], "std": [1]}
}
`;

function describeResult(job: Job): string | null {
  const id = job.result?.model_id;
  return typeof id === 'string' ? ru.onnxUpload.done(id) : null;
}

const send = (file: File, data: FormData) => uploadOnnxModel(file, String(data.get('model_id') ?? '').trim(), String(data.get('spec') ?? ''));

/** 'Загрузить модель ONNX': a trained network, its id and spec; the registration job followed below. */
export function OnnxModelForm() {
  return (
    <JobUploadForm name="onnx" texts={ru.onnxUpload} accept=".onnx" send={send} describeResult={describeResult}>
      <label>
        {ru.onnxUpload.modelId}
        <input type="text" name="model_id" required pattern="[A-Za-z0-9_\-]{1,64}" autoComplete="off" />
      </label>
      <label>
        {ru.onnxUpload.spec}
        <textarea name="spec" rows={5} defaultValue={SAMPLE_SPEC} spellCheck={false} />
      </label>
    </JobUploadForm>
  );
}
