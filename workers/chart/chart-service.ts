/**
 * What the chart worker runs (chart-service.test.ts runs it in Node with a fake fetch): a chart's body fetched and
 * parsed, its polygons prepared (`common/icecharts/prepare-chart.ts`) and their geometry flattened for the transfer
 * (`common/icecharts/chart-mesh.ts`), each request abortable by its id.
 */
import * as Comlink from 'comlink';
import { chartMesh, meshTransfers, polygonInfo } from '../../common/icecharts/chart-mesh.ts';
import { prepareChart } from '../../common/icecharts/prepare-chart.ts';
import type { IceChartCollection } from '../../common/api-types/icecharts.ts';
import type { ChartWorkerApi, PreparedChart } from '../chart.api.ts';
import { abortError } from '../worker-errors.ts';

export class ChartService implements ChartWorkerApi {
  private readonly requests = new Map<string, AbortController>();

  constructor(private readonly fetcher: typeof fetch) {}

  async prepare(url: string, requestId: string): Promise<PreparedChart> {
    const controller = new AbortController();
    this.requests.set(requestId, controller);
    try {
      const response = await this.fetcher(url, { signal: controller.signal, credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
      const body = (await response.json()) as IceChartCollection;
      if (controller.signal.aborted) throw abortError();
      const polygons = prepareChart(body.features);
      const mesh = chartMesh(polygons);
      return Comlink.transfer({ polygons: polygons.map(polygonInfo), mesh }, meshTransfers(mesh));
    } finally {
      this.requests.delete(requestId);
    }
  }

  abort(requestId: string): void {
    this.requests.get(requestId)?.abort();
  }
}
