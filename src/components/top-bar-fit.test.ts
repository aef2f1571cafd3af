import { describe, expect, it } from 'vitest';
import { planTopBar } from './top-bar-fit.ts';

// Eight links of 90 px with 4 px between them take 748 px.
const links = Array.from({ length: 8 }, () => 90);
const base = { fixed: 300, title: 240, titleCompact: 150, links, linkGap: 4, more: 80 };

describe('planTopBar', () => {
  it('shows the title and every link when all fit', () => {
    expect(planTopBar({ ...base, bar: 300 + 240 + 748 })).toEqual({ title: 'line', visible: 8 });
  });

  it('puts the title on two lines, then drops it, before any link moves', () => {
    expect(planTopBar({ ...base, bar: 300 + 240 + 747 })).toEqual({ title: 'two-lines', visible: 8 });
    expect(planTopBar({ ...base, bar: 300 + 150 + 748 })).toEqual({ title: 'two-lines', visible: 8 });
    expect(planTopBar({ ...base, bar: 300 + 150 + 747 })).toEqual({ title: 'none', visible: 8 });
    expect(planTopBar({ ...base, bar: 300 + 748 })).toEqual({ title: 'none', visible: 8 });
  });

  it("moves the last links into 'Ещё', leaving room for its button", () => {
    // 1 px short of all eight: seven links (654 px) and 'Ещё' (80 px) need 734 px; six (560) + 80 = 640.
    expect(planTopBar({ ...base, bar: 300 + 747 })).toEqual({ title: 'none', visible: 7 });
    expect(planTopBar({ ...base, bar: 300 + 733 })).toEqual({ title: 'none', visible: 6 });
    expect(planTopBar({ ...base, bar: 300 + 640 })).toEqual({ title: 'none', visible: 6 });
  });

  it('keeps no link in the bar when even one does not fit beside the button', () => {
    expect(planTopBar({ ...base, bar: 300 + 150 })).toEqual({ title: 'none', visible: 0 });
    expect(planTopBar({ ...base, bar: 100 })).toEqual({ title: 'none', visible: 0 });
  });

  it('keeps everything when nothing is laid out (all widths 0)', () => {
    expect(planTopBar({ bar: 0, fixed: 0, title: 0, titleCompact: 0, links: [0, 0, 0], linkGap: 0, more: 0 })).toEqual({ title: 'line', visible: 3 });
  });
});
