import { describe, expect, it } from 'vitest';
import { RIV_TABLE, THICKNESS_EDGES_M } from '../../../../common/polaris/polaris.ts';
import { classUniforms } from './polaris-uniforms.ts';

describe('POLARIS layer uniforms', () => {
  it("pass the class's Table 1.1 row, the bin edges and the criterion", () => {
    const ia = classUniforms('IA');
    expect([...ia.riv0, ...ia.riv1, ...ia.riv2]).toEqual([...RIV_TABLE.IA]);
    expect([...ia.edge0, ...ia.edge1, ...ia.edge2].slice(0, 10)).toEqual([...THICKNESS_EDGES_M]);
    // Padding edges are never reached by a real thickness.
    expect(Math.min(...ia.edge2.slice(2))).toBeGreaterThan(1e20);
    expect(ia.specialBelow).toBe(0);
    expect(classUniforms('PC3').specialBelow).toBe(-10);
    expect(classUniforms('PC3').riv2).toEqual([2, 1, 0, -1]);
  });
});
