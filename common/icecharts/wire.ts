/**
 * How the map asks for a chart on a slow link: simplified to this tolerance first (`GET /icecharts/{id}?tolerance_km=`),
 * km: a few pixels at the whole Arctic's scale. The server makes that body ahead, beside the whole one, at import.
 */
export const SLOW_LINK_TOLERANCE_KM = 2;
