/**
 * The /models resource, mounted at /api/v1/models (admin, superuser): POST /generate (`generate.ts`) and
 * POST /onnx (`upload-onnx.ts`). The models' list and cards are read through /report and /cycle.
 */
import type { FastifyPluginAsync } from 'fastify';
import { generateModelRoutes } from './generate.ts';
import { uploadOnnxModelRoutes } from './upload-onnx.ts';

export const modelsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(generateModelRoutes);
  await app.register(uploadOnnxModelRoutes);
};
