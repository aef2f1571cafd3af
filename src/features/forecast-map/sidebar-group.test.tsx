import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { click, render, type Rendered } from '../../testing/page-helpers.tsx';
import { SidebarGroup } from './sidebar-group.tsx';

let view: Rendered | undefined;
beforeEach(() => localStorage.clear());
afterEach(() => view?.unmount());

const sidebar = () => (
  <>
    <SidebarGroup id="forecast" title="Прогноз">
      <button type="button">+24h</button>
    </SidebarGroup>
    <SidebarGroup id="quality" title="Качество прогноза" defaultOpen={false}>
      <p>IIEE</p>
    </SidebarGroup>
  </>
);

function group(id: string) {
  const section = view!.container.querySelector(`[data-group="${id}"]`)!;
  const toggle = section.querySelector<HTMLButtonElement>('h2 button')!;
  const body = section.querySelector<HTMLElement>(`#${CSS.escape(toggle.getAttribute('aria-controls')!)}`)!;
  return { toggle, body };
}

describe('SidebarGroup', () => {
  it('opens and closes on its heading button, and says so with aria-expanded', async () => {
    view = await render(sidebar());
    const forecast = group('forecast');
    expect(forecast.toggle.textContent).toBe('Прогноз');
    expect(forecast.toggle.getAttribute('aria-expanded')).toBe('true');
    expect(forecast.body.hidden).toBe(false);
    expect(group('quality').toggle.getAttribute('aria-expanded')).toBe('false');
    expect(group('quality').body.hidden).toBe(true);
    // Closed, its controls stay mounted (hidden), so what they run goes on.
    await click(forecast.toggle);
    expect(forecast.toggle.getAttribute('aria-expanded')).toBe('false');
    expect(forecast.body.hidden).toBe(true);
    expect(forecast.body.querySelector('button')?.textContent).toBe('+24h');
  });

  it('remembers which groups are open for the next visit', async () => {
    view = await render(sidebar());
    await click(group('forecast').toggle);
    await click(group('quality').toggle);
    view.unmount();
    view = await render(sidebar());
    expect(group('forecast').toggle.getAttribute('aria-expanded')).toBe('false');
    expect(group('quality').toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('starts as designed when the stored state is garbled', async () => {
    localStorage.setItem('ice.sidebarGroups', '{not json');
    view = await render(sidebar());
    expect(group('forecast').toggle.getAttribute('aria-expanded')).toBe('true');
  });
});
