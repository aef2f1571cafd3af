import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { fillTemplate, parseProductList, PRESETS } from '../../src/ingest/products.ts';
import { tempDir } from '../helpers.ts';

describe('product lists', () => {
  it('fill URL templates, with day shifts (OSI SAF drift names both ends of its 48 h)', () => {
    expect(fillTemplate('https://h/{yyyy}/{mm}/c_{yyyy}{mm}{dd}1200.nc?d={date}', '2026-03-01')).toBe('https://h/2026/03/c_202603011200.nc?d=2026-03-01');
    expect(fillTemplate(PRESETS['osisaf-drift'].url!, '2026-03-01')).toBe(
      'https://thredds.met.no/thredds/fileServer/osisaf/met.no/ice/drift_lr/merged/2026/03/ice_drift_nh_polstere-625_multi-oi_202602271200-202603011200.nc',
    );
  });

  it('take presets and overrides, and name the archive after a single product', () => {
    const list = parseProductList({ products: [{ id: 'conc', preset: 'osisaf-conc', variables: { concentration: 'ice_conc_raw' } }] }, '/etc');
    expect(list.dataset_id).toBe('conc');
    expect(list.products[0]).toMatchObject({ url: PRESETS['osisaf-conc'].url, variables: { concentration: 'ice_conc_raw' }, method: 'bilinear' });
    const two = parseProductList({ products: [{ id: 'a', path: 'inbox/{date}.nc' }, { id: 'b', url: 'http://h/{date}.nc' }] }, '/etc/ice');
    expect(two.dataset_id).toBe('real_analysis');
    expect(two.products[0].path).toBe('/etc/ice/inbox/{date}.nc');
  });

  it('are checked at start: ANALYSIS_SOURCE with a bad list stops the server with the reason', () => {
    const dir = tempDir('products-');
    const write = (name: string, content: string) => {
      writeFileSync(join(dir, name), content);
      return join(dir, name);
    };
    const problem = (value: string) => {
      try {
        loadConfig({ ANALYSIS_SOURCE: value });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems.join('\n');
      }
      throw new Error('accepted');
    };
    expect(problem(join(dir, 'absent.json'))).toMatch(/^ANALYSIS_SOURCE=.*cannot read .*absent\.json: ENOENT/);
    expect(problem(write('a.json', '{'))).toMatch(/is not JSON/);
    expect(problem(write('b.json', '{"products": []}'))).toMatch(/products: expected a non-empty array/);
    expect(problem(write('c.json', '{"products": [{"id": "x", "url": "ftp://h/{date}.nc"}]}'))).toMatch(/products\[0\]\.url: expected an http/);
    expect(problem(write('d.json', '{"products": [{"id": "x", "preset": "nsidc"}]}'))).toMatch(/products\[0\]\.preset: expected one of osisaf-conc/);
    expect(problem(write('e.json', '{"products": [{"id": "x", "path": "/a", "variables": {"salinity": "s"}}]}'))).toMatch(/unknown role/);
    expect(problem(write('f.json', '{"products": [{"id": "x", "path": "/a", "colour": 1}]}'))).toMatch(/products\[0\]\.colour: unknown field/);
    expect(problem('dir:')).toMatch(/dir:PATH/);

    expect(loadConfig({}).analysisSource).toEqual({ kind: 'demo' });
    expect(loadConfig({ ANALYSIS_SOURCE: `dir:${dir}` }).analysisSource).toEqual({ kind: 'dir', dir });
    const good = write('g.json', JSON.stringify({ dataset_id: 'osisaf', products: [{ id: 'conc', preset: 'osisaf-conc' }] }));
    expect(loadConfig({ ANALYSIS_SOURCE: good }).analysisSource).toMatchObject({ kind: 'products', list: { dataset_id: 'osisaf' } });
  });
});
