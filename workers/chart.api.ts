/**
 * The contract between the page and the chart worker (chart.worker.ts): an ice chart's body fetched, its polygons
 * prepared off the main thread (its geometry as flat arrays, transferred), so that the page's main thread only
 * tessellates and draws it.
 */
import type { ChartMesh, PolygonInfo } from '../common/icecharts/chart-mesh.ts';

/**
 * A chart ready to draw: its polygons' ids, codes and boxes (clicks, colours, POLARIS) and their mesh (rings and
 * outline paths as flat arrays, transferred): `polygonsFromMesh` makes the polygons again on the page, their rings read
 * from the mesh when first asked for, so that nothing as large as the rings is cloned between the threads.
 */
export interface PreparedChart {
  polygons: PolygonInfo[];
  mesh: ChartMesh;
}

export interface ChartWorkerApi {
  /**
   * GET `url` (absolute; the page's cookies go with it), parse the GeoJSON FeatureCollection, prepare its polygons
   * and flatten them; the mesh's buffers are transferred. Rejects with the HTTP status in the message on a refusal,
   * and with an AbortError after `abort(requestId)`.
   */
  prepare(url: string, requestId: string): Promise<PreparedChart>;
  abort(requestId: string): void;
}
