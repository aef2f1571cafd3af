/** Planar geometry as polyclip-ts takes it: [x, y] (lon, lat in degrees, or metres of a projection). */
export type Ring = [number, number][];
export type Poly = Ring[];
export type MultiPoly = Poly[];
